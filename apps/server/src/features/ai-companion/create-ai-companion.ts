import {
  AI_HEALTH_CHECK_INTERVAL_MS,
  AI_MAX_ERRORS,
  acceptsGender,
  type LanguageCode,
  type Preference,
} from "@heartline/shared";
import type { AiConfig } from "../../config";
import { redactUrl } from "../../lib/redact-url";
import type { AiCompanion, AiPersona, AiTurn } from "./ai-companion";
import { CRISIS_REPLY, mentionsSelfHarm } from "./crisis-guard";
import {
  AiEndpointError,
  type ChatCompletionMessage,
  createOpenAiChatClient,
  type OpenAiChatClient,
} from "./openai-chat-client";
import { loadPersonas } from "./personas";
import { sanitiseReply } from "./reply-guard";
import { buildSystemPrompt } from "./system-prompt";

/** The model sees this much of the conversation: enough context, bounded cost. */
export const AI_HISTORY_TURNS = 20;
/** Stands in for the user when the persona speaks first (some servers refuse a system-only prompt). */
const OPENER_TURN: AiTurn = {
  role: "user",
  content: "(The chat has just started. Say hello in one short sentence.)",
};

export interface AiLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface CreateAiCompanionOptions {
  config: AiConfig;
  log?: AiLogger;
  /** Defaults to the validated `personas.json`. */
  personas?: readonly AiPersona[];
  /** spec §9: 60 s; shorter in tests. */
  healthCheckIntervalMs?: number;
  /** Picks personas; `Math.random` by default. */
  random?: () => number;
}

/** The companion's state, read-only (spec §3 AI state, for tests and debugging). */
export interface AiCompanionState {
  configured: boolean;
  /** False until the first health check answers. */
  healthy: boolean;
  errorCount: number;
  maxErrors: number;
  available: boolean;
  currentPersona: AiPersona | null;
  currentRegion: string | null;
  /** Ids of the personas in a conversation now. */
  activePersonas: string[];
}

export interface ConfiguredAiCompanion extends AiCompanion {
  state(): AiCompanionState;
  /** Runs a health check now (the timer runs one every `healthCheckIntervalMs`). */
  checkHealth(): Promise<boolean>;
}

const SILENT_LOGGER: AiLogger = { info: () => undefined, warn: () => undefined };

/** The AI companion of ARCHITECTURE §9.2 on an OpenAI-compatible endpoint (spec §4 AI fallback). */
export function createAiCompanion(options: CreateAiCompanionOptions): ConfiguredAiCompanion {
  return new EndpointAiCompanion(options);
}

class EndpointAiCompanion implements ConfiguredAiCompanion {
  private readonly config: AiConfig;
  private readonly log: AiLogger;
  private readonly personas: readonly AiPersona[];
  private readonly random: () => number;
  private readonly healthCheckIntervalMs: number;
  private readonly client: OpenAiChatClient;
  private readonly listeners = new Set<(available: boolean) => void>();
  /** Cancels the health check and the replies in flight when the app closes. */
  private readonly shutdown = new AbortController();
  /** Persona id → conversations with it now. */
  private readonly activePersonas = new Map<string, number>();
  private healthy = false;
  private errorCount = 0;
  private currentPersona: AiPersona | null = null;
  private timer: NodeJS.Timeout | undefined;
  private healthCheck: Promise<boolean> | undefined;

  constructor(options: CreateAiCompanionOptions) {
    this.config = options.config;
    this.log = options.log ?? SILENT_LOGGER;
    this.personas = options.personas ?? loadPersonas();
    this.random = options.random ?? Math.random;
    this.healthCheckIntervalMs = options.healthCheckIntervalMs ?? AI_HEALTH_CHECK_INTERVAL_MS;
    this.client = createOpenAiChatClient(options.config);
  }

  isAvailable(): boolean {
    return !this.shutdown.signal.aborted && this.healthy && this.errorCount < AI_MAX_ERRORS;
  }

  pickPersona(preference: Preference): AiPersona | null {
    if (!this.isAvailable()) return null;
    const accepted = this.personas.filter((persona) => acceptsGender(preference, persona.gender));
    // Spread users over personas: a persona nobody talks to right now is preferred.
    const idle = accepted.filter((persona) => !this.activePersonas.has(persona.id));
    const pool = idle.length > 0 ? idle : accepted;
    const persona = pool[Math.floor(this.random() * pool.length)] ?? pool[0];
    if (!persona) return null;
    this.currentPersona = persona;
    this.activePersonas.set(persona.id, (this.activePersonas.get(persona.id) ?? 0) + 1);
    return persona;
  }

  releasePersona(persona: AiPersona): void {
    const count = this.activePersonas.get(persona.id) ?? 0;
    if (count <= 1) this.activePersonas.delete(persona.id);
    else this.activePersonas.set(persona.id, count - 1);
  }

  async reply(
    persona: AiPersona,
    history: readonly AiTurn[],
    language: LanguageCode = "en",
  ): Promise<string> {
    const last = history.at(-1);
    // Enforced here, not only in the prompt: such a message never reaches the model.
    if (last?.role === "user" && mentionsSelfHarm(last.content)) return CRISIS_REPLY;
    if (this.shutdown.signal.aborted) throw new AiEndpointError("the AI companion has stopped");
    const turns = history.length === 0 ? [OPENER_TURN] : history.slice(-AI_HISTORY_TURNS);
    const messages: ChatCompletionMessage[] = [
      { role: "system", content: buildSystemPrompt(persona, language) },
      ...turns.map((turn) => ({ role: turn.role, content: turn.content })),
    ];
    try {
      const text = sanitiseReply(
        await this.client.complete(messages, this.shutdown.signal),
        persona.name,
        language,
      );
      if (text === null) throw new AiEndpointError("the answer is empty");
      // Errors count while they come in a row: a long-lived server must not be disabled for good by
      // a handful of timeouts spread over weeks (the spec's counter lived in one browser session).
      if (this.errorCount < AI_MAX_ERRORS) this.errorCount = 0;
      return text;
    } catch (error) {
      if (!this.shutdown.signal.aborted) this.recordError(error);
      throw error;
    }
  }

  onAvailabilityChange(listener: (available: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  start(): void {
    if (this.timer || this.shutdown.signal.aborted) return;
    this.log.info(
      { baseUrl: redactUrl(this.config.baseUrl), model: this.config.model },
      "AI companion configured",
    );
    void this.checkHealth();
    this.timer = setInterval(() => void this.checkHealth(), this.healthCheckIntervalMs);
    // The timer must not keep a closing process alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.shutdown.abort();
    this.listeners.clear();
    await this.healthCheck;
  }

  /** spec §4 AI fallback: a failed check disables the AI; a good one enables it below the error limit. */
  checkHealth(): Promise<boolean> {
    this.healthCheck ??= this.client
      .isHealthy(this.shutdown.signal)
      .then((isHealthy) => {
        if (this.shutdown.signal.aborted) return isHealthy;
        if (!isHealthy && this.healthy) {
          this.log.warn({ baseUrl: redactUrl(this.config.baseUrl) }, "AI health check failed");
        }
        this.update(() => {
          this.healthy = isHealthy;
        });
        return isHealthy;
      })
      .finally(() => {
        this.healthCheck = undefined;
      });
    return this.healthCheck;
  }

  state(): AiCompanionState {
    return {
      configured: true,
      healthy: this.healthy,
      errorCount: this.errorCount,
      maxErrors: AI_MAX_ERRORS,
      available: this.isAvailable(),
      currentPersona: this.currentPersona,
      currentRegion: this.currentPersona?.region ?? null,
      activePersonas: [...this.activePersonas.keys()],
    };
  }

  private recordError(error: unknown): void {
    this.update(() => {
      this.errorCount += 1;
      if (this.errorCount >= AI_MAX_ERRORS) {
        // spec §4 AI fallback: at 5 errors AI is disabled and persona, region and active personas are cleared.
        this.currentPersona = null;
        this.activePersonas.clear();
      }
    });
    const isDisabled = this.errorCount >= AI_MAX_ERRORS;
    this.log.warn(
      { err: error, errorCount: this.errorCount, maxErrors: AI_MAX_ERRORS },
      isDisabled ? "AI companion disabled after too many errors" : "AI companion reply failed",
    );
  }

  /** Applies a state change and tells the listeners when availability flipped. */
  private update(change: () => void): void {
    const before = this.isAvailable();
    change();
    const after = this.isAvailable();
    if (before === after) return;
    this.log.info(
      { available: after, errorCount: this.errorCount, healthy: this.healthy },
      after ? "AI companion available" : "AI companion unavailable",
    );
    for (const listener of this.listeners) {
      try {
        listener(after);
      } catch (error) {
        this.log.warn({ err: error }, "an AI availability listener failed");
      }
    }
  }
}

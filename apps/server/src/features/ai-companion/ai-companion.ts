import type { Gender, LanguageCode } from "@heartline/shared";

/** One message of an AI conversation, as the chat-completions API sees it. */
export interface AiTurn {
  role: "user" | "assistant";
  content: string;
}

/** A persona from `apps/server/src/features/ai-companion/personas.json`. */
export interface AiPersona {
  id: string;
  name: string;
  gender: Gender;
  region: string;
  /** A short description folded into the system prompt (tone, interests). */
  style: string;
}

/**
 * The AI companion of ARCHITECTURE §9.2, as the random chat sees it. Off (never `isAvailable`)
 * when `AI_BASE_URL` is not configured.
 */
export interface AiCompanion {
  /** Configured, healthy and below the error limit (spec §4 AI fallback). */
  isAvailable(): boolean;
  /** A persona whose gender the user's preference accepts, or null (also while unavailable). */
  pickPersona(preference: "male" | "female" | "other" | "any"): AiPersona | null;
  /** The AI chat with this persona ended (keeps the active personas of spec §3 AI state true). */
  releasePersona(persona: AiPersona): void;
  /**
   * The persona's next message (plain text, at most `CHAT_MESSAGE_MAX_LENGTH`); `history` ends with
   * the user's new message. A self-harm mention gets crisis resources without the model. Counts an
   * error (and disables at 5 in a row) when the endpoint fails. `language` is the visitor's (issue #39:
   * the persona writes in it; default English).
   */
  reply(persona: AiPersona, history: readonly AiTurn[], language?: LanguageCode): Promise<string>;
  /** Listens for availability changes (so clients can be told `ai_status`). Returns an unsubscribe. */
  onAvailabilityChange(listener: (available: boolean) => void): () => void;
  start(): void;
  stop(): Promise<void>;
}

import type { Gender } from "@heartline/shared";

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
  /** A persona whose gender the user's preference accepts, or null. */
  pickPersona(preference: "male" | "female" | "other" | "any"): AiPersona | null;
  /** The persona's next message; counts an error (and disables at 5) when the endpoint fails. */
  reply(persona: AiPersona, history: readonly AiTurn[]): Promise<string>;
  /** Listens for availability changes (so clients can be told `ai_status`). Returns an unsubscribe. */
  onAvailabilityChange(listener: (available: boolean) => void): () => void;
  start(): void;
  stop(): Promise<void>;
}

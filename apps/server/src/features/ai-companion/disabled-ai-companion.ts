import type { AiCompanion } from "./ai-companion";

/** The companion when `AI_BASE_URL` is not configured: never available (ARCHITECTURE §3). */
export function createDisabledAiCompanion(): AiCompanion {
  return {
    isAvailable: () => false,
    pickPersona: () => null,
    releasePersona: () => undefined,
    reply: () => Promise.reject(new Error("The AI companion is not configured")),
    onAvailabilityChange: () => () => undefined,
    start: () => undefined,
    stop: () => Promise.resolve(),
  };
}

import type { FastifyBaseLogger } from "fastify";
import type { AiConfig } from "../../config";
import type { Feature } from "../feature";
import type { AiCompanion } from "./ai-companion";
import { createAiCompanion } from "./create-ai-companion";
import { createDisabledAiCompanion } from "./disabled-ai-companion";

export interface CreateAiCompanionFeatureOptions {
  /** The endpoint; undefined when `AI_BASE_URL` is not set (ARCHITECTURE §3: AI off). */
  ai: AiConfig | undefined;
  log: FastifyBaseLogger;
  /** Tests only: a companion of the caller's, to watch its state (started and stopped here all the same). */
  companion?: AiCompanion;
}

export interface AiCompanionFeature extends Feature {
  /** What the random chat talks to. */
  companion: AiCompanion;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The AI companion of ARCHITECTURE §9.2: on an OpenAI-compatible endpoint when `AI_BASE_URL` is set,
 * otherwise off (ARCHITECTURE §3). Personas are validated here, so a broken personas file stops startup.
 */
export function createAiCompanionFeature(options: CreateAiCompanionFeatureOptions): AiCompanionFeature {
  const companion =
    options.companion ??
    (options.ai
      ? createAiCompanion({ config: options.ai, log: options.log.child({ feature: "ai-companion" }) })
      : createDisabledAiCompanion());
  return {
    companion,
    start: () => companion.start(),
    stop: () => companion.stop(),
  };
}

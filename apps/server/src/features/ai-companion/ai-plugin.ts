import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AiCompanion } from "./ai-companion";
import { createAiCompanion } from "./create-ai-companion";
import { createDisabledAiCompanion } from "./disabled-ai-companion";

declare module "fastify" {
  interface FastifyInstance {
    aiCompanion: AiCompanion;
  }
}

/**
 * The AI companion of ARCHITECTURE §9.2: on an OpenAI-compatible endpoint when `AI_BASE_URL` is set,
 * otherwise off (ARCHITECTURE §3). Personas are validated here, so a broken personas file stops startup.
 */
export const aiPlugin = fp(
  async (app: FastifyInstance) => {
    const ai = app.config.ai;
    const companion = ai
      ? createAiCompanion({ config: ai, log: app.log.child({ feature: "ai-companion" }) })
      : createDisabledAiCompanion();
    companion.start();
    app.decorate("aiCompanion", companion);
    app.addHook("onClose", async () => {
      await companion.stop();
    });
  },
  { name: "ai", decorators: { fastify: ["config"] } },
);

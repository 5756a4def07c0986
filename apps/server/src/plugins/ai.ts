import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AiCompanion } from "../features/ai-companion/ai-companion";
import { createDisabledAiCompanion } from "../features/ai-companion/disabled-ai-companion";

declare module "fastify" {
  interface FastifyInstance {
    aiCompanion: AiCompanion;
  }
}

/** The AI companion of ARCHITECTURE §9.2; off unless configured. */
export const aiPlugin = fp(
  async (app: FastifyInstance) => {
    const companion = createDisabledAiCompanion();
    companion.start();
    app.decorate("aiCompanion", companion);
    app.addHook("onClose", async () => {
      await companion.stop();
    });
  },
  { name: "ai", decorators: { fastify: ["config"] } },
);

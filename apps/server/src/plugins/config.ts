import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Makes the parsed configuration available to every plugin as `app.config`. */
export const configPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, options) => {
    app.decorate("config", options.config);
  },
  { name: "config" },
);

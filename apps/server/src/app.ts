import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig, TrustProxy } from "./config";
import { errorHandlerPlugin, frameworkErrorHandler } from "./errors/error-handler";
import { accountsRoutes } from "./features/accounts/accounts.routes";
import { analyticsRoutes } from "./features/analytics/analytics.routes";
import { groupChatRoutes } from "./features/group-chat/group-chat.routes";
import { healthRoutes } from "./features/health/health.routes";
import { type HumanCheckPluginOptions, humanCheckPlugin } from "./features/human-check/human-check";
import { humanCheckRoutes } from "./features/human-check/human-check.routes";
import { devOutboxRoutes } from "./features/mail/dev-outbox.routes";
import { deviceIdPlugin } from "./features/moderation/device-id";
import { adminRoutes, moderationRoutes } from "./features/moderation/moderation.routes";
import { presenceRoutes } from "./features/presence/presence.routes";
import { profilesRoutes } from "./features/profiles/profiles.routes";
import type { RandomChatOptions } from "./features/random-chat/random-chat";
import { aiPlugin } from "./plugins/ai";
import { authPlugin } from "./plugins/auth";
import { configPlugin } from "./plugins/config";
import { dbPlugin } from "./plugins/db";
import { mailPlugin } from "./plugins/mail";
import { redisPlugin } from "./plugins/redis";
import { securityPlugin } from "./plugins/security";
import { socketPlugin } from "./plugins/socket";
import { staticWebPlugin } from "./plugins/static-web";
import { storagePlugin } from "./plugins/storage";

export interface BuildAppOptions {
  config: AppConfig;
  /** A ready logger instance (tests may pass their own); by default one at `config.logLevel`. */
  logger?: FastifyBaseLogger;
  /** PGlite in memory instead of files (tests). */
  inMemoryDatabase?: boolean;
  /** Random-chat tunables (tests shorten the AI companion's 15 s wait). */
  randomChat?: RandomChatOptions;
  /** Human-check test hooks (a local fake siteverify endpoint). */
  humanCheck?: HumanCheckPluginOptions;
}

/**
 * The whole server as a Fastify instance that is not listening yet (STYLE: `build()` apart from
 * `listen()`), so tests can `inject()` or listen on port 0.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: { level: config.logLevel } }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // PGlite needs a few seconds to start on a slow machine; avvio's default of 10 s is tight.
    pluginTimeout: 60_000,
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    await app.register(configPlugin, { config });
    await app.register(errorHandlerPlugin);
    await app.register(securityPlugin);
    await app.register(deviceIdPlugin);
    await app.register(redisPlugin);
    await app.register(dbPlugin, { inMemory: options.inMemoryDatabase ?? false });
    await app.register(aiPlugin);
    await app.register(mailPlugin);
    await app.register(humanCheckPlugin, options.humanCheck ?? {});
    await app.register(authPlugin);
    await app.register(storagePlugin);
    await app.register(socketPlugin, { randomChat: options.randomChat ?? {} });
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(presenceRoutes);
        await api.register(analyticsRoutes);
        await api.register(groupChatRoutes);
        await api.register(moderationRoutes);
        await api.register(adminRoutes, { prefix: "/admin" });
      },
      { prefix: "/api" },
    );
    await app.register(humanCheckRoutes);
    await app.register(accountsRoutes);
    await app.register(devOutboxRoutes);
    await app.register(profilesRoutes);
    await app.register(staticWebPlugin);
    await app.ready();
  } catch (error) {
    // Whatever opened before the failure (database lock, Redis) must not outlive it.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Fastify trusts "the nearest N hops" through a function (its types take no number). */
function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust !== "number") return trust;
  return (_address: string, hop: number) => hop < trust;
}

import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig, TrustProxy } from "./config";
import { errorHandlerPlugin, frameworkErrorHandler } from "./errors/error-handler";
import type { ScatteredPushOptions } from "./features/confessions/index";
import {
  type AiCompanion,
  type ImageJobsOptions,
  type NotificationsOptions,
  registerFeatures,
} from "./features/index";
import type { RandomChatOptions } from "./features/random-chat/index";
import { createTrustFunction } from "./lib/client-ip";
import { requestLogFields } from "./lib/redact-url";
import { configPlugin } from "./plugins/config";
import { dbPlugin } from "./plugins/db";
import { deviceIdPlugin } from "./plugins/device-id";
import { type HumanCheckPluginOptions, humanCheckPlugin } from "./plugins/human-check/human-check";
import { humanCheckRoutes } from "./plugins/human-check/human-check.routes";
import { mailPlugin } from "./plugins/mail";
import { metricsPlugin, metricsRoutes } from "./plugins/metrics";
import { openApiPlugin } from "./plugins/openapi";
import { redisPlugin } from "./plugins/redis";
import { securityPlugin } from "./plugins/security";
import { type SocketPluginOptions, socketPlugin } from "./plugins/socket";
import { staticWebPlugin } from "./plugins/static-web";
import { storagePlugin } from "./plugins/storage";

export interface BuildAppOptions {
  config: AppConfig;
  /** A ready logger instance (tests may pass their own); by default one at `config.logLevel`. */
  logger?: FastifyBaseLogger;
  /** PGlite in memory instead of files (tests). */
  inMemoryDatabase?: boolean;
  /** With `inMemoryDatabase`: a dump of a migrated data directory to start from (tests, faster). */
  inMemoryDatabaseFrom?: Blob;
  /** Random-chat tunables (tests shorten the AI companion's 15 s wait). */
  randomChat?: RandomChatOptions;
  /** Human-check test hooks (a local fake siteverify endpoint). */
  humanCheck?: HumanCheckPluginOptions;
  /** Realtime tunables (tests: other event limits, a short session re-check interval). */
  realtime?: RealtimeOptions;
  /** Tests only: the clock of direct-message sends and streaks (default `Date.now`). */
  clock?: () => number;
  /** How an account deletion's confession-wall pushes are spread (ADR 0014; tests shorten the window). */
  accountRemovalPushes?: ScatteredPushOptions;
  /** Tests only: the image queue's limits (a queue that is full at once). */
  imageJobs?: ImageJobsOptions;
  /** Tests only: an AI companion of the test's, to watch its state (by default one from `AI_BASE_URL`). */
  aiCompanion?: AiCompanion;
  /** Tests only: the notifications' retry delays and streak-reminder interval. */
  notifications?: NotificationsOptions;
  /** Tests only: hears every route as it is added (the OpenAPI test's list of routes). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests only: `false` builds the OpenAPI document on its first request, not at start. */
  openApiAtStart?: boolean;
}

export interface RealtimeOptions extends SocketPluginOptions {
  /** How often each signed-in socket re-reads its session (default 60 s, jittered). */
  sessionCheckIntervalMs?: number;
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
    // The request log never shows a token from a query (verification and reset links), whichever logger.
    childLoggerFactory: (logger, bindings, childOptions) =>
      logger.child(bindings, {
        ...childOptions,
        serializers: { ...childOptions.serializers, req: requestLogFields },
      }),
    // PGlite needs a few seconds to start on a slow machine; avvio's default of 10 s is tight.
    pluginTimeout: 60_000,
    frameworkErrors: frameworkErrorHandler,
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    // Infrastructure first (plugins/ knows no feature), then the one composition root
    // (features/index.ts), which builds every feature and mounts the auth plugin with their callbacks.
    await app.register(configPlugin, { config });
    await app.register(metricsPlugin);
    await app.register(errorHandlerPlugin);
    // Before any route: the document is collected as routes are added.
    await app.register(openApiPlugin, { buildAtStart: options.openApiAtStart ?? true });
    await app.register(metricsRoutes);
    await app.register(securityPlugin);
    await app.register(deviceIdPlugin);
    await app.register(redisPlugin);
    await app.register(dbPlugin, {
      inMemory: options.inMemoryDatabase ?? false,
      ...(options.inMemoryDatabaseFrom ? { inMemoryFrom: options.inMemoryDatabaseFrom } : {}),
    });
    await app.register(mailPlugin);
    await app.register(humanCheckPlugin, options.humanCheck ?? {});
    await app.register(storagePlugin);
    await app.register(socketPlugin, {
      ...(options.realtime?.eventLimits ? { eventLimits: options.realtime.eventLimits } : {}),
    });
    await app.register(humanCheckRoutes);
    await registerFeatures(app, {
      randomChat: options.randomChat ?? {},
      ...(options.realtime?.sessionCheckIntervalMs
        ? { sessionCheckIntervalMs: options.realtime.sessionCheckIntervalMs }
        : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.accountRemovalPushes ? { accountRemovalPushes: options.accountRemovalPushes } : {}),
      ...(options.imageJobs ? { imageJobs: options.imageJobs } : {}),
      ...(options.aiCompanion ? { aiCompanion: options.aiCompanion } : {}),
      ...(options.notifications ? { notifications: options.notifications } : {}),
    });
    await app.register(staticWebPlugin);
    await app.ready();
  } catch (error) {
    // Whatever opened before the failure (database lock, Redis) must not outlive it.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/**
 * Fastify and the Socket.IO handshake read the client IP with the same trust function
 * (`lib/client-ip.ts`), so a per-IP limit counts the same address on both.
 */
function fastifyTrustProxy(trust: TrustProxy) {
  return trust === false ? false : createTrustFunction(trust);
}

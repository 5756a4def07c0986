import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createClient } from "redis";
import { StartupError } from "../errors/startup-error";
import { redactUrl } from "../lib/redact-url";
import type { RedisClient } from "../lib/redis-client";
import { redisLuaScripts } from "../lib/redis-lua-script";

/**
 * The Redis connection used by the Socket.IO adapter and the shared stores (ARCHITECTURE §3),
 * created and closed with the app. `app.redis` is null when REDIS_URL is not set.
 */

declare module "fastify" {
  interface FastifyInstance {
    redis: RedisClient | null;
  }
}

/** Failed attempts before startup gives up, so a wrong REDIS_URL fails fast instead of hanging. */
const STARTUP_ATTEMPTS = 5;
const MAX_RECONNECT_DELAY_MS = 5_000;

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate("redis", null);
      return;
    }
    const client = await connectRedis(url, app.log, () => app.metrics.redisError());
    app.decorate("redis", client);
    app.addHook("onClose", async () => {
      await closeRedis(client);
    });
  },
  { name: "redis", decorators: { fastify: ["config", "metrics"] } },
);

export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  onError?: () => void,
): Promise<RedisClient> {
  let hasConnected = false;
  // With every Lua script defined by then (their modules are loaded with the app's): node-redis
  // attaches scripts when it creates a client.
  const client: RedisClient = createClient({
    url,
    scripts: redisLuaScripts(),
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries, cause) => {
        if (!hasConnected && retries >= STARTUP_ATTEMPTS) return cause;
        return Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS);
      },
    },
  });
  // Without a listener an "error" event would crash the process; the client reconnects by itself.
  client.on("error", (error: Error) => {
    onError?.();
    if (hasConnected) log.warn({ err: error }, "redis connection error");
  });
  client.on("ready", () => {
    hasConnected = true;
  });
  try {
    await client.connect();
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new StartupError(`Could not connect to Redis at ${redactUrl(url)}: ${rootCauseMessage(error)}`, {
      cause: error,
    });
  }
  return client;
}

export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  try {
    await client.close();
  } catch {
    client.destroy();
  }
}

/** node-redis wraps the socket error (ECONNREFUSED, ENOTFOUND…), which is the part worth showing. */
function rootCauseMessage(error: unknown): string {
  let current: unknown = error;
  while (typeof current === "object" && current !== null) {
    const next =
      "socketError" in current ? current.socketError : "cause" in current ? current.cause : undefined;
    if (next === undefined || next === current) break;
    current = next;
  }
  return current instanceof Error ? current.message : String(current);
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DatabaseHandle } from "../../db/create-database";
import type { RedisClient } from "../../lib/redis-client";
import { withTimeout } from "../../lib/with-timeout";

/** A check that takes longer than this counts as failed: a load balancer needs a prompt answer. */
const CHECK_TIMEOUT_MS = 2_000;

const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), driver: z.enum(["pglite", "postgres"]) }),
  realtime: z.object({ ok: z.boolean(), adapter: z.enum(["memory", "redis"]) }),
  uptimeSeconds: z.number().int().nonnegative(),
});

/** `GET /api/health`: 200 when the database (and Redis, if used) answer; 503 "degraded" otherwise. */
export interface HealthDeps {
  dbHandle: DatabaseHandle;
  redis: RedisClient | null;
}

export const healthRoutes =
  ({ dbHandle, redis }: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const startedAt = Date.now();

    app.get(
      "/api/health",
      { schema: { response: { 200: healthResponse, 503: healthResponse } } },
      async (request, reply) => {
        const [isDatabaseOk, isRealtimeOk] = await Promise.all([
          passes(() => dbHandle.ping(), "database ping timed out"),
          passes(async () => {
            if (!redis) return;
            // While reconnecting, commands queue up; answer at once instead of waiting for the timeout.
            if (!redis.isReady) throw new Error("redis is reconnecting");
            await redis.ping();
          }, "redis ping timed out"),
        ]);
        const isOk = isDatabaseOk && isRealtimeOk;
        if (!isOk) request.log.warn({ isDatabaseOk, isRealtimeOk }, "health check degraded");
        reply.header("cache-control", "no-store");
        return reply.status(isOk ? 200 : 503).send({
          status: isOk ? "ok" : "degraded",
          database: { ok: isDatabaseOk, driver: dbHandle.driver },
          realtime: { ok: isRealtimeOk, adapter: redis ? "redis" : "memory" },
          uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
        });
      },
    );
  };

async function passes(check: () => Promise<void>, timeoutMessage: string): Promise<boolean> {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS, timeoutMessage);
    return true;
  } catch {
    return false;
  }
}

import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeOrThrow, createRateLimiter, isLimited } from "../../src/lib/rate-limiter";
import { RedisReplayStore } from "../../src/plugins/human-check/replay-store";
import {
  connectTestRedis,
  deleteKeys,
  REDIS_URL,
  type RedisTestContext,
} from "../random-chat-cluster/redis-test-client";

/** Two nodes share one Redis: a solved challenge or human pass is spent once, limits count together. */
describe.skipIf(!REDIS_URL)(
  REDIS_URL ? "accounts stores on Redis" : "accounts stores on Redis (skipped: REDIS_URL is not set)",
  () => {
    let nodeA: RedisTestContext;
    let nodeB: RedisTestContext;
    const run = randomBytes(6).toString("hex");

    beforeAll(async () => {
      nodeA = await connectTestRedis(REDIS_URL ?? "");
      nodeB = await connectTestRedis(REDIS_URL ?? "");
    });
    afterAll(async () => {
      await deleteKeys(nodeA.redis, `heartline:replay:test-${run}:*`);
      await deleteKeys(nodeA.redis, `heartline:rl:test-${run}*`);
      await nodeA.close();
      await nodeB.close();
    });

    it("claims a replay key once across nodes, with a TTL", async () => {
      const key = `test-${run}:altcha:sig`;
      const [first, second] = await Promise.all([
        new RedisReplayStore(nodeA.redis).claim(key, 60_000),
        new RedisReplayStore(nodeB.redis).claim(key, 60_000),
      ]);
      expect([first, second].sort()).toEqual([false, true]);
      const ttl = await nodeA.redis.pTTL(`heartline:replay:${key}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });

    it("counts a rate limit across nodes", async () => {
      const options = { name: `test-${run}`, points: 3, durationSeconds: 60 };
      const limiterA = createRateLimiter({ ...options, redis: nodeA.redis });
      const limiterB = createRateLimiter({ ...options, redis: nodeB.redis });
      await consumeOrThrow(limiterA, "ip-1");
      await consumeOrThrow(limiterB, "ip-1");
      await consumeOrThrow(limiterA, "ip-1");
      expect(await isLimited(limiterB, "ip-1")).toBe(true);
      await expect(consumeOrThrow(limiterB, "ip-1", "Too many")).rejects.toMatchObject({
        code: "rate_limited",
        message: "Too many",
      });
      expect(await isLimited(limiterA, "ip-2")).toBe(false);
    });
  },
);

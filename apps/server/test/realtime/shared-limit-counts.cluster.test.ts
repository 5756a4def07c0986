import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { SharedLimitCounts } from "../../src/lib/shared-limit-counts";
import { countingClient, REDIS_URL, useTestRedis } from "../random-chat-cluster/redis-test-client";

const WINDOW_MS = 60_000;
/** Only a failed call logs (a warning); none of these fail. */
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

/**
 * The per-user limits' shared counts (issue #16, bench B3 on two nodes): a turn's counts of every key in
 * one script call against a real Redis (REDIS_URL), in rate-limiter-flexible's key shape and windows;
 * the Redis commands counted on a wrapped client (commands, not time).
 */
describe.skipIf(!REDIS_URL)(
  REDIS_URL ? "SharedLimitCounts" : "SharedLimitCounts (skipped: REDIS_URL is not set)",
  () => {
    const context = useTestRedis();

    it("sends a turn's counts of every key in one call, each key's points added together", async () => {
      const prefix = context().freshPrefix();
      const counted = countingClient(context().redis);
      const counts = new SharedLimitCounts(counted.client, log);
      // A first turn loads the script into Redis (EVALSHA, then EVAL once on NOSCRIPT).
      await counts.count({ key: `${prefix}:warm-up`, points: 1, windowMs: WINDOW_MS });
      counted.commands.length = 0;

      const answers = await Promise.all([
        counts.count({ key: `${prefix}:a`, points: 1, windowMs: WINDOW_MS }),
        counts.count({ key: `${prefix}:b`, points: 1, windowMs: WINDOW_MS }),
        counts.count({ key: `${prefix}:a`, points: 1, windowMs: WINDOW_MS }),
      ]);

      expect(counted.commands).toEqual(["heartlineSharedLimitCounts"]);
      expect(answers.map((answer) => answer?.counted)).toEqual([2, 1, 2]);
      for (const answer of answers) {
        expect(answer?.msLeft).toBeGreaterThan(WINDOW_MS - 5_000);
        expect(answer?.msLeft).toBeLessThanOrEqual(WINDOW_MS);
      }
      expect(await context().redis.get(`${prefix}:a`)).toBe("2");
    });

    it("still counts once Redis has forgotten its scripts (a restart, SCRIPT FLUSH): node-redis sends EVAL", async () => {
      const prefix = context().freshPrefix();
      const counts = new SharedLimitCounts(context().redis, log);
      await counts.count({ key: `${prefix}:a`, points: 1, windowMs: WINDOW_MS });
      await context().redis.scriptFlush();

      const after = await counts.count({ key: `${prefix}:a`, points: 1, windowMs: WINDOW_MS });

      expect(after?.counted).toBe(2);
    });

    it("keeps a key's window from its first point, and takes points back", async () => {
      const prefix = context().freshPrefix();
      const counts = new SharedLimitCounts(context().redis, log);
      await counts.count({ key: `${prefix}:a`, points: 3, windowMs: WINDOW_MS });
      await context().redis.pExpire(`${prefix}:a`, 10_000);

      const later = await counts.count({ key: `${prefix}:a`, points: -1, windowMs: WINDOW_MS });

      expect(later?.counted).toBe(2);
      // The window the first point started goes on; a later point does not restart it.
      expect(later?.msLeft).toBeLessThanOrEqual(10_000);
    });

    it("answers null, and sends nothing, while Redis is not ready", async () => {
      const prefix = context().freshPrefix();
      const closed = context().redis.duplicate();
      await closed.connect();
      await closed.close();
      const counts = new SharedLimitCounts(closed, log);

      expect(await counts.count({ key: `${prefix}:a`, points: 1, windowMs: WINDOW_MS })).toBeNull();
      expect(await context().redis.exists(`${prefix}:a`)).toBe(0);
    });
  },
);

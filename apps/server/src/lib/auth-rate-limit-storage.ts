import type { BetterAuthRateLimitOptions } from "better-auth";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { createRateLimiter } from "./rate-limiter";
import type { RedisClient } from "./redis-client";

/**
 * Better Auth's own limiter on the app's limiter store: in memory for one process, in Redis when the
 * app has one, so every node counts together (issue #10 hole 3). One limiter per rule Better Auth
 * asks for; the key it passes already holds the client IP and the path.
 */
type AuthRateLimitStorage = NonNullable<BetterAuthRateLimitOptions["customStorage"]>;

export function createAuthRateLimitStorage(redis: RedisClient | null): AuthRateLimitStorage {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (window: number, max: number) => {
    const name = `auth:${window}:${max}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = createRateLimiter({ redis, name, points: max, durationSeconds: window });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  return {
    consume: async (key, rule) => {
      try {
        await limiterFor(rule.window, rule.max).consume(key);
        return { allowed: true, retryAfter: null };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
    },
  };
}

import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";

/** A person navigating sends a few page views a minute; a script sending thousands is cut. */
export const PAGE_VIEW_RATE_LIMIT: RateLimit = { points: 60, durationSeconds: 60 };

/** Page views per client IP, counted across nodes with Redis. */
export function createPageViewLimiter(
  redis: RedisClient | null,
  limit: RateLimit = PAGE_VIEW_RATE_LIMIT,
): RateLimiterAbstract {
  return createRateLimiter({ redis, name: "page-view:ip", ...limit });
}

import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { AppError } from "../errors/app-error";
import type { RedisClient } from "../plugins/redis";

/**
 * Fixed-window rate limits (ARCHITECTURE §9.1) over rate-limiter-flexible: in memory for one process,
 * in Redis when the app has one, so every node counts together.
 */
export interface RateLimit {
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationSeconds: number;
  /** Once exceeded, refuse for this many seconds (defaults to the rest of the window). */
  blockSeconds?: number;
}

export interface CreateRateLimiterOptions extends RateLimit {
  redis: RedisClient | null;
  /** Unique per limiter, e.g. `sign-in:ip`; the Redis key prefix is `heartline:rl:<name>`. */
  name: string;
}

export function createRateLimiter(options: CreateRateLimiterOptions): RateLimiterAbstract {
  const base = {
    points: options.points,
    duration: options.durationSeconds,
    ...(options.blockSeconds ? { blockDuration: options.blockSeconds } : {}),
    keyPrefix: `heartline:rl:${options.name}`,
  };
  return options.redis
    ? new RateLimiterRedis({ ...base, storeClient: options.redis, useRedisPackage: true })
    : new RateLimiterMemory(base);
}

/**
 * Spends one point for `key`; over the limit it throws `AppError("rate_limited", message)` (429).
 * A store failure (Redis down) is not the visitor's fault: it is rethrown as is.
 */
export async function consumeOrThrow(
  limiter: RateLimiterAbstract,
  key: string,
  message?: string,
  points = 1,
): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError("rate_limited", message);
    throw error;
  }
}

/** Whether `key` is currently over the limit, without spending a point. */
export async function isLimited(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  const result = await limiter.get(key);
  return result !== null && result.remainingPoints <= 0;
}

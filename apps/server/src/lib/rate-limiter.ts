import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { AppError } from "../errors/app-error";
import type { RedisClient } from "./redis-client";
import { withTimeout } from "./with-timeout";

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

/** Where a limit's counts live in Redis: `<prefix>:<key>` (rate-limiter-flexible's key shape). */
export function rateLimitKeyPrefix(name: string): string {
  return `heartline:rl:${name}`;
}

export function createRateLimiter(options: CreateRateLimiterOptions): RateLimiterAbstract {
  const base = {
    points: options.points,
    duration: options.durationSeconds,
    ...(options.blockSeconds ? { blockDuration: options.blockSeconds } : {}),
    keyPrefix: rateLimitKeyPrefix(options.name),
  };
  return options.redis
    ? new RateLimiterRedis({ ...base, storeClient: options.redis, useRedisPackage: true })
    : new RateLimiterMemory(base);
}

/**
 * How long a limit's store may take. While Redis is down its client queues commands until it is back,
 * so without a bound a send would hang for the whole outage (and could commit after the client gave
 * up; found by test/faults/redis-restart).
 */
export const LIMIT_STORE_TIMEOUT_MS = 3_000;

/**
 * Spends one point for `key`; over the limit it throws `AppError("rate_limited", message)` (429).
 * A store failure (Redis down), or no answer within `LIMIT_STORE_TIMEOUT_MS`, is not the visitor's
 * fault: it is rethrown as is (an `internal` error).
 */
export async function consumeOrThrow(
  limiter: RateLimiterAbstract,
  key: string,
  message?: string,
  points = 1,
): Promise<void> {
  try {
    await withTimeout(
      limiter.consume(key, points),
      LIMIT_STORE_TIMEOUT_MS,
      "the rate-limit store did not answer",
    );
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

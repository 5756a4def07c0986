import type { FastifyBaseLogger } from "fastify";
import { type RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors/app-error";
import { type CreateRateLimiterOptions, createRateLimiter, rateLimitKeyPrefix } from "./rate-limiter";
import type { RedisClient } from "./redis-client";
import { SharedLimitCounts } from "./shared-limit-counts";

/** One batcher of shared counts per Redis client: every limit's counts of a turn go in one call. */
const sharedCountsByClient = new WeakMap<RedisClient, SharedLimitCounts>();

function sharedCountsOf(redis: RedisClient, log: FastifyBaseLogger): SharedLimitCounts {
  let counts = sharedCountsByClient.get(redis);
  if (!counts) {
    counts = new SharedLimitCounts(redis, log);
    sharedCountsByClient.set(redis, counts);
  }
  return counts;
}

/**
 * A limit answered from this node's memory, with no round trip on the way (issue #16: the group send
 * awaits nothing but its insert). With Redis the points are also counted there, for every node, after
 * the answer and with the rest of the turn's counts (`SharedLimitCounts`): once the shared count is over
 * the limit the key is blocked here too, for the rest of the window. A user sending from two nodes at
 * once can pass the limit by the messages in flight, no more.
 */
export class LocalFirstLimiter {
  private readonly local: RateLimiterMemory;
  private readonly shared: SharedLimitCounts | null;
  private readonly keyPrefix: string;
  private readonly points: number;
  private readonly windowMs: number;
  private readonly blockMs: number;

  constructor(
    options: Omit<CreateRateLimiterOptions, "redis"> & { redis: RedisClient | null },
    log: FastifyBaseLogger,
  ) {
    this.local = createRateLimiter({ ...options, redis: null }) as RateLimiterMemory;
    this.shared = options.redis ? sharedCountsOf(options.redis, log) : null;
    this.keyPrefix = rateLimitKeyPrefix(options.name);
    this.points = options.points;
    this.windowMs = options.durationSeconds * 1_000;
    this.blockMs = (options.blockSeconds ?? 0) * 1_000;
  }

  /** Spends one point for `key`; over the limit it throws `AppError("rate_limited", message)`. */
  async consumeOrThrow(key: string, message?: string): Promise<void> {
    if (!(await this.tryConsume(key))) throw new AppError("rate_limited", message);
  }

  /** Spends one point for `key`: false when it is over the limit (this node's count, or every node's). */
  async tryConsume(key: string): Promise<boolean> {
    try {
      await this.local.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
    this.countShared(key, 1);
    return true;
  }

  /** Gives a point back (a retry that stored nothing new). */
  reward(key: string): void {
    this.local.reward(key, 1).catch(() => undefined);
    this.countShared(key, -1);
  }

  private countShared(key: string, points: number): void {
    this.shared
      ?.count({ key: `${this.keyPrefix}:${key}`, points, windowMs: this.windowMs })
      .then((answer) => {
        if (!answer || answer.counted <= this.points) return;
        const blockMs = Math.max(answer.msLeft, this.blockMs);
        return this.local.block(key, Math.max(1, Math.ceil(blockMs / 1_000)));
      })
      .catch(() => undefined);
  }
}

import type { FastifyBaseLogger } from "fastify";
import { type RateLimiterAbstract, type RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors/app-error";
import type { RedisClient } from "../plugins/redis";
import { type CreateRateLimiterOptions, createRateLimiter } from "./rate-limiter";

/**
 * A limit answered from this node's memory, with no round trip on the way (issue #16: the group send
 * awaits nothing but its insert). With Redis the points are also counted there, for every node, after
 * the answer: once the shared count is over the limit the key is blocked here too, for the rest of the
 * window. A user sending from two nodes at once can pass the limit by the messages in flight, no more.
 */
export class LocalFirstLimiter {
  private readonly local: RateLimiterMemory;
  private readonly shared: RateLimiterAbstract | null;
  private readonly redis: RedisClient | null;

  constructor(
    options: Omit<CreateRateLimiterOptions, "redis"> & { redis: RedisClient | null },
    private readonly log: FastifyBaseLogger,
  ) {
    this.local = createRateLimiter({ ...options, redis: null }) as RateLimiterMemory;
    this.shared = options.redis ? createRateLimiter(options) : null;
    this.redis = options.redis;
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
    // Redis known to be down: not counted there (its client would queue the command for the outage).
    if (this.redis && !this.redis.isReady) return true;
    this.shared?.consume(key).catch((error: unknown) => {
      if (error instanceof RateLimiterRes) {
        this.local.block(key, Math.max(1, Math.ceil(error.msBeforeNext / 1_000))).catch(() => undefined);
        return;
      }
      // The shared store is down: this node's count still holds.
      this.log.warn({ err: error }, "shared rate-limit store failed");
    });
    return true;
  }

  /** Gives a point back (a retry that stored nothing new). */
  reward(key: string): void {
    this.local.reward(key, 1).catch(() => undefined);
    this.shared?.reward(key, 1).catch(() => undefined);
  }
}

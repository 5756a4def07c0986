import type { RedisClient } from "../../lib/redis-client";

/**
 * Remembers one-time tokens (solved challenges, consumed human passes) until they expire, so each is
 * accepted once (issue #3: a solved challenge used twice is refused). Redis shares it across nodes.
 */
export interface ReplayStore {
  /** True the first time `key` is seen within `ttlMs`; false for a replay. Atomic. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

/** Bounded so a flood of bogus keys cannot grow memory without limit; expired keys go first. */
const MAX_MEMORY_KEYS = 100_000;

export class MemoryReplayStore implements ReplayStore {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly clock: () => number = Date.now) {}

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.clock();
    const expiresAt = this.expiries.get(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    if (this.expiries.size >= MAX_MEMORY_KEYS) this.sweep(now);
    this.expiries.set(key, now + ttlMs);
    return true;
  }

  private sweep(now: number): void {
    for (const [key, expiresAt] of this.expiries) {
      if (expiresAt <= now) this.expiries.delete(key);
    }
    // Still full of live keys: drop the oldest (Map keeps insertion order).
    for (const key of this.expiries.keys()) {
      if (this.expiries.size < MAX_MEMORY_KEYS) break;
      this.expiries.delete(key);
    }
  }
}

export class RedisReplayStore implements ReplayStore {
  constructor(private readonly redis: RedisClient) {}

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const result = await this.redis.set(`heartline:replay:${key}`, "1", {
      condition: "NX",
      expiration: { type: "PX", value: Math.max(1, Math.ceil(ttlMs)) },
    });
    return result === "OK";
  }
}

export function createReplayStore(redis: RedisClient | null): ReplayStore {
  return redis ? new RedisReplayStore(redis) : new MemoryReplayStore();
}

/** How a token bucket fills: `capacity` tokens at most (the burst), `refillPerSecond` added back. */
export interface TokenBucketRate {
  capacity: number;
  refillPerSecond: number;
}

/**
 * One in-memory token bucket (a burst, then a steady rate). Cheap enough to keep one per socket and
 * event: a flood from one socket is cut here without touching Redis.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly rate: TokenBucketRate,
    now: number,
  ) {
    this.tokens = rate.capacity;
    this.updatedAt = now;
  }

  /** Spends one token if there is one. */
  take(now: number): boolean {
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.rate.capacity, this.tokens + elapsedSeconds * this.rate.refillPerSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

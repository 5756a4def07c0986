import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../errors/app-error";
import { withTimeout } from "../../lib/with-timeout";

/**
 * How long the limit's store may take. While Redis is down its client queues commands until it is back,
 * so without a bound a send would hang for the whole outage (and could commit after the client gave up).
 */
export const LIMIT_STORE_TIMEOUT_MS = 3_000;

/**
 * Spends one point of `key`; over the limit it is `rate_limited` with `message`. A store failure
 * (Redis down), or no answer within `LIMIT_STORE_TIMEOUT_MS`, is rethrown as is (an `internal` error).
 * Integrator: the accounts branch's `lib/rate-limiter.ts` has the same `consumeOrThrow`; switch to it
 * on merge.
 */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message?: string,
): Promise<void> {
  try {
    await withTimeout(limiter.consume(key), LIMIT_STORE_TIMEOUT_MS, "the rate-limit store did not answer");
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError("rate_limited", message);
    throw error;
  }
}

import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../errors/app-error";

/**
 * Spends one point of `key`; over the limit it is `rate_limited` with `message`. A store failure
 * (Redis down) is rethrown as is. Integrator: the accounts branch's `lib/rate-limiter.ts` has the same
 * `consumeOrThrow`; switch to it on merge.
 */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message?: string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError("rate_limited", message);
    throw error;
  }
}

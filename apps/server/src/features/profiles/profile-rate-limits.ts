import { UPLOAD_SERVER_MESSAGES } from "@heartline/shared";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { consumeOrThrow, createRateLimiter } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";

/** Issue #3 point 10 (ARCHITECTURE §7): uploads per account and per IP address. */
export const UPLOAD_LIMITS = {
  perUser: { points: 20, durationSeconds: 60 * 60 },
  perIp: { points: 60, durationSeconds: 60 * 60 },
} as const;
/** The username check answers the sign-up form as the user types; generous, but not a scraper. */
export const CHECK_USERNAME_LIMIT = { points: 120, durationSeconds: 60 } as const;

export interface ProfileRateLimits {
  /** Spends one upload for both the account and the address; over either → 429. */
  consumeUpload(userId: string, ip: string): Promise<void>;
  consumeUsernameCheck(ip: string): Promise<void>;
}

export function createProfileRateLimits(redis: RedisClient | null): ProfileRateLimits {
  const uploadUser: RateLimiterAbstract = createRateLimiter({
    redis,
    name: "upload:user",
    ...UPLOAD_LIMITS.perUser,
  });
  const uploadIp = createRateLimiter({ redis, name: "upload:ip", ...UPLOAD_LIMITS.perIp });
  const usernameIp = createRateLimiter({ redis, name: "check-username:ip", ...CHECK_USERNAME_LIMIT });
  return {
    async consumeUpload(userId, ip) {
      await consumeOrThrow(uploadUser, userId, UPLOAD_SERVER_MESSAGES.tooManyUploads);
      await consumeOrThrow(uploadIp, ip, UPLOAD_SERVER_MESSAGES.tooManyUploads);
    },
    consumeUsernameCheck: (ip) => consumeOrThrow(usernameIp, ip),
  };
}

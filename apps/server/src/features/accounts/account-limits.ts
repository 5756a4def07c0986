import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Abuse limits on the account flows (issue #3 §10, ARCHITECTURE §7): per IP and per account.
 * Generous enough for people and tests; `AUTH_RATE_LIMIT_SCALE` multiplies every allowance.
 */
export const ACCOUNT_LIMITS = {
  signInPerIp: { points: 60, durationSeconds: 15 * MINUTE },
  /** Failed sign-ins per e-mail address from one client address; only failures spend points. */
  signInFailuresPerClient: { points: 10, durationSeconds: 15 * MINUTE },
  /** Failed sign-ins per e-mail address from every client together (ASVS: at most 100 an hour). */
  signInFailuresPerAccount: { points: 100, durationSeconds: HOUR },
  signUpPerIp: { points: 20, durationSeconds: HOUR },
  guestPerIp: { points: 30, durationSeconds: HOUR },
  forgotPerIp: { points: 20, durationSeconds: HOUR },
  forgotPerAccount: { points: 5, durationSeconds: HOUR },
  resetPerIp: { points: 30, durationSeconds: HOUR },
  /** Opened verification links per IP (the link is a GET; its token is the credential). */
  verifyPerIp: { points: 30, durationSeconds: 15 * MINUTE },
  /** spec §9 Resend cooldown: one e-mail per 60 s… */
  resendCooldown: { points: 1, durationSeconds: MINUTE },
  /** …and a few per hour, after which the client waits 300 s (spec §4). */
  resendPerAccount: { points: 5, durationSeconds: HOUR },
  resendPerIp: { points: 30, durationSeconds: HOUR },
  changePasswordPerAccount: { points: 10, durationSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

export type AccountLimiters = Record<keyof typeof ACCOUNT_LIMITS, RateLimiterAbstract>;

export function createAccountLimiters(redis: RedisClient | null, scale: number): AccountLimiters {
  const entries = Object.entries(ACCOUNT_LIMITS).map(([name, limit]) => {
    // The resend cooldown is a time between e-mails, not an allowance: scaling it would shorten nothing.
    const points = name === "resendCooldown" ? limit.points : limit.points * scale;
    return [name, createRateLimiter({ redis, name: `accounts:${name}`, ...limit, points })];
  });
  return Object.fromEntries(entries) as AccountLimiters;
}

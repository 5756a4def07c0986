import { AUTH_ERROR_MESSAGES } from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow, isLimited } from "../../lib/rate-limiter";
import type { AccountLimiters } from "./account-limits";

/**
 * Failed sign-ins (OWASP ASVS 6.3): ten from one client lock the address for that client only, so an
 * attacker who guesses cannot lock out the owner signing in from elsewhere; a looser cap per address
 * over every client together bounds guessing from many addresses. A success clears the client's count.
 */
export interface SignInLockout {
  /** 429 'Too many failed attempts…' while either count is spent. */
  assertOpen(): Promise<void>;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

const TOO_MANY = AUTH_ERROR_MESSAGES["too-many-requests"];

export function signInLockout(limiters: AccountLimiters, email: string, ip: string): SignInLockout {
  // A newline cannot be in an address (the sign-in schema) nor in an IP: the pair cannot be forged.
  const clientKey = `${email}\n${ip}`;
  return {
    async assertOpen() {
      const [isClientLocked, isAccountLocked] = await Promise.all([
        isLimited(limiters.signInFailuresPerClient, clientKey),
        isLimited(limiters.signInFailuresPerAccount, email),
      ]);
      if (isClientLocked || isAccountLocked) throw new AppError("rate_limited", TOO_MANY);
    },
    async failed() {
      // The failure itself is the answer; a full count shows on the next attempt.
      await Promise.all([
        consumeOrThrow(limiters.signInFailuresPerClient, clientKey, TOO_MANY).catch(() => undefined),
        consumeOrThrow(limiters.signInFailuresPerAccount, email, TOO_MANY).catch(() => undefined),
      ]);
    },
    async succeeded() {
      // The sign-in stands even if the store does not answer: the count then simply runs out.
      await limiters.signInFailuresPerClient.delete(clientKey).catch(() => undefined);
    },
  };
}

import { MAX_CONVERSION_ATTEMPTS } from "../constants";
import { VALIDATION_MESSAGES as M } from "../schemas/messages";

/** The fields of a user that access rules read (spec §3). */
export interface AccessSubject {
  isGuest: boolean;
  emailVerified: boolean;
  email?: string | null;
}

/** spec §4 Authenticated means the user exists, is not a guest and has a verified e-mail. */
export function isAuthenticatedUser(user: AccessSubject | null | undefined): boolean {
  return user !== null && user !== undefined && !user.isGuest && user.emailVerified;
}

/**
 * spec §5 Group chat access requires a verified e-mail unless the user is a guest.
 * Returns the refusal message, or null when the user may join.
 */
export function groupChatAccessError(user: AccessSubject): string | null {
  return user.isGuest || user.emailVerified ? null : M.groupChatVerifyEmail;
}

export interface ConversionSubject extends AccessSubject {
  conversionAttempts?: number | null;
}

/**
 * spec §5 Account conversion: blocked when not a guest and unverified, and at 3 or more attempts.
 * Returns the refusal message, or null when the conversion may go ahead.
 */
export function conversionError(user: ConversionSubject): string | null {
  if (!user.isGuest && !user.emailVerified) return M.conversionVerifyEmail;
  if ((user.conversionAttempts ?? 0) >= MAX_CONVERSION_ATTEMPTS) return M.conversionTooManyAttempts;
  return null;
}

/** spec §5 Ban and unban match the username case-insensitively. */
export function sameUsername(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

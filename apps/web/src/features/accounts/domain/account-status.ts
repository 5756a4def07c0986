import type { AccountUser } from "@heartline/shared";

/**
 * spec §4 Authentication: an account with an e-mail that is not verified yet — a new sign-up, or a
 * guest whose upgrade waits for the link.
 */
export function needsEmailVerification(user: AccountUser): boolean {
  if (user.emailVerified) return false;
  const upgradePending = user.conversionRequestedAt !== null && user.conversionCompletedAt === null;
  return user.email !== null || upgradePending;
}

/** spec §4 /group-chat guard: an unverified non-guest with an e-mail is kept out; guests pass. */
export function isBlockedFromGroupChat(user: AccountUser): boolean {
  return !user.isGuest && user.email !== null && !user.emailVerified;
}

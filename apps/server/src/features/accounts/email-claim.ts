import { and, eq, or } from "drizzle-orm";
import { account, user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import type { AccountsDeps } from "./accounts-deps";

/** Who holds an e-mail address, with what makes the hold firm or a mere claim. */
export interface EmailHolder {
  id: string;
  emailVerified: boolean;
  isGuest: boolean;
  isAnonymous: boolean | null;
}

/** The row holding `email` (lower-cased by the caller), if any. */
export async function findEmailHolder(deps: Pick<AccountsDeps, "db">, email: string) {
  const [holder] = await deps.db
    .select({
      id: user.id,
      emailVerified: user.emailVerified,
      isGuest: user.isGuest,
      isAnonymous: user.isAnonymous,
    })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  return holder;
}

/**
 * A guest's upgrade writes the typed address at once (spec §4 Sign-up (a)), but nobody has shown they
 * own it until the link in the mailbox is clicked. Until then it is a claim, and a claim must not keep
 * the mailbox's owner out (e-mail squatting): the owner's sign-up or own upgrade takes the address.
 */
export function isUnverifiedGuestClaim(holder: EmailHolder): boolean {
  return !holder.emailVerified && (holder.isGuest || holder.isAnonymous === true);
}

/**
 * Takes the address back from a guest's unverified claim: the guest stays the guest it was (name,
 * chats, session), without the address and without the password it set with it, so nobody signs in
 * with them. Conditional on the claim still being unverified, in one transaction.
 */
export async function releaseGuestClaim(
  deps: Pick<AccountsDeps, "db" | "io">,
  holderId: string,
  email: string,
): Promise<void> {
  const released = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({
        email: `${holderId}@released.anonymous.placeholder.invalid`,
        emailVerified: false,
        conversionRequestedAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(user.id, holderId),
          eq(user.email, email),
          eq(user.emailVerified, false),
          or(eq(user.isGuest, true), eq(user.isAnonymous, true)),
        ),
      )
      .returning({ id: user.id });
    if (!row) return false;
    await tx.delete(account).where(and(eq(account.userId, holderId), eq(account.providerId, "credential")));
    return true;
  });
  // The guest's open tabs reload the user: the pending upgrade is gone.
  if (released) deps.io.to(userRoom(holderId)).emit("account_updated", { userId: holderId });
}

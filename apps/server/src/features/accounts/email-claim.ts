import { and, eq, ne, or } from "drizzle-orm";
import { account, session, user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import type { AccountsDeps } from "./accounts-deps";
import { disconnectUser } from "./session-sockets";

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

const isGuestRow = or(eq(user.isGuest, true), eq(user.isAnonymous, true));

/**
 * Nobody has shown they own an address until the link in its mailbox is clicked (ADR 0017): until then
 * a sign-up or a guest's upgrade holds it as a claim, and a claim must not keep the mailbox's owner out
 * (e-mail squatting, pre-account takeover): the owner's own sign-up or upgrade takes it.
 *
 * Takes `email` from an unverified holder, conditional on it still being unproven (a click on the link
 * at the same moment wins, and the caller answers 'already exists'). A guest's claim: the guest stays
 * the guest it was (name, chats, session) without the address and the password it set with it. A
 * registered account that never proved the address: its password and every session end at once, and
 * the account goes the way every deletion goes (`deleteUser`), since it was never anyone's.
 */
export async function takeUnprovenAddress(
  deps: Pick<AccountsDeps, "db" | "io" | "log" | "deleteUser" | "identities">,
  holder: EmailHolder,
  email: string,
): Promise<boolean> {
  const isGuest = holder.isGuest || holder.isAnonymous === true;
  const taken = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({
        email: `${holder.id}@released.anonymous.placeholder.invalid`,
        emailVerified: false,
        conversionRequestedAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(user.id, holder.id),
          eq(user.email, email),
          eq(user.emailVerified, false),
          isGuest ? isGuestRow : and(eq(user.isGuest, false), ne(user.isAnonymous, true)),
        ),
      )
      .returning({ id: user.id });
    if (!row) return false;
    await tx.delete(account).where(and(eq(account.userId, holder.id), eq(account.providerId, "credential")));
    if (!isGuest) await tx.delete(session).where(eq(session.userId, holder.id));
    return true;
  });
  if (!taken) return false;
  // The guest's open tabs reload the user: the pending upgrade is gone.
  if (isGuest) {
    await deps.identities.forget(holder.id);
    deps.io.to(userRoom(holder.id)).emit("account_updated", { userId: holder.id });
  } else await removeUnprovenAccount(deps, holder.id);
  return true;
}

async function removeUnprovenAccount(
  deps: Pick<AccountsDeps, "io" | "log" | "deleteUser" | "identities">,
  userId: string,
) {
  await disconnectUser(deps, userId);
  try {
    await deps.deleteUser(userId);
  } catch (error) {
    // Without an address, a password or a session, what is left can no longer be used: logged.
    deps.log.error({ err: error, userId }, "could not delete an account replaced by its address's owner");
  }
}

import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { user } from "../../db/schema";
import { isEndedGuest, usernameMatches } from "./username-taken";

/** A guest's name as it was before sign-up set it aside. */
export interface HeldGuestName {
  id: string;
  username: string | null;
  usernameLower: string | null;
  /** Set aside too: the database only lets a display name stand beside its own username. */
  displayUsername: string | null;
  /** What the row holds meanwhile: never a valid username (USERNAME_PATTERN has no `~`). */
  placeholder: string;
}

/**
 * spec §4 Sign-up (b) removes a guest holding the chosen name, once every session of the guest has
 * ended (ARCHITECTURE §9.7: someone else's sign-up never deletes a live guest; the name check refused
 * the sign-up before this for one). Better Auth's signUpEmail runs outside
 * our transactions (its own queries, hasher, session and mail), so the guest is not deleted first:
 * one transaction moves its unique name keys aside, the account is created, and only then is the
 * guest deleted. A failed sign-up puts the name back (`restoreGuestNames`) and the guest lives on.
 */
export async function holdGuestNames(db: Database, username: string): Promise<HeldGuestName[]> {
  return db.transaction(async (tx) => {
    const guests = await tx
      .select({
        id: user.id,
        username: user.username,
        usernameLower: user.usernameLower,
        displayUsername: user.displayUsername,
      })
      .from(user)
      .where(and(usernameMatches(username), isEndedGuest()))
      .for("update");
    const held: HeldGuestName[] = [];
    for (const guest of guests) {
      const placeholder = `~held~${guest.id}`;
      await tx
        .update(user)
        .set({ username: placeholder, usernameLower: placeholder, displayUsername: null })
        .where(eq(user.id, guest.id));
      held.push({ ...guest, placeholder });
    }
    return held;
  });
}

/**
 * Gives each guest its name back, unless the row changed meanwhile (deleted, or renamed again). Returns
 * the guests whose name another sign-up took in between: they have ended (every session gone, or they
 * would not have been held) and lost their name, so the caller removes them.
 */
export async function restoreGuestNames(
  db: Database,
  log: FastifyBaseLogger,
  held: readonly HeldGuestName[],
): Promise<HeldGuestName[]> {
  const nameless: HeldGuestName[] = [];
  for (const guest of held) {
    try {
      await db
        .update(user)
        .set({
          username: guest.username,
          usernameLower: guest.usernameLower,
          displayUsername: guest.displayUsername,
        })
        .where(and(eq(user.id, guest.id), eq(user.username, guest.placeholder)));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      log.warn({ userId: guest.id }, "a guest's name was taken while a sign-up held it");
      nameless.push(guest);
    }
  }
  return nameless;
}

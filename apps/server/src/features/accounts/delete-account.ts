import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { account, deletedUsers, session, user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { AccountRemovalStep } from "../feature";
import { holdDeletedName } from "./held-names";
import type { IdentityCache } from "./identity-cache";
import { disconnectUser } from "./session-sockets";

export interface AccountDeletionOptions {
  db: Database;
  io: HeartlineServer;
  /** Every node's remembered socket identities: the deleted user's go before their sockets close. */
  identities: Pick<IdentityCache<unknown>, "forget">;
  /**
   * Every feature's removal step, in the composition root's order: read at each deletion (the root
   * hands them over once every feature is built), so no feature's part can be left out of a path.
   */
  steps: () => readonly AccountRemovalStep[];
  /** When a deleted name's hold starts (default `Date.now`; tests move it). */
  clock?: () => number;
}

/** Deletes an account; always the session's own user (spec §6: nobody deletes someone else's account). */
export type DeleteUser = (userId: string) => Promise<void>;

/**
 * spec §4 deletion, for a registered user and a guest alike (a guest simply has fewer rows), and the
 * same function for every path: the profile route, sign-up and Better Auth's "guest signed in
 * elsewhere" (issue #33).
 * 1. one transaction runs every feature's removal step (direct messages and conversations, friend
 *    requests, blocks, uploads, the confession wall's detachment, each item due to leave at its own
 *    moment), then removes the sessions, accounts and the user row, and leaves a tombstone with only
 *    the id (partners then see 'Deleted User'); a verified registered account's name is held 30 days in
 *    the same transaction (issue #38, `held-names.ts`), so no sign-up can take it in between;
 * 2. right after the commit the people the steps name and the user's own sockets are told
 *    `user_deleted`, each step's after-commit work starts (the wall's first item is due a gap after
 *    the detachment, the user's folder is removed from the store), and the user's own sockets are
 *    closed (a random-chat stranger sees the partner leave, as on any disconnect).
 * The foreign keys cascade too; the explicit deletes keep the order and intent visible.
 * Nobody else hears of it (issue #33): to a stranger on the wall, an id going away at the moment posts
 * go away would name their author. The one exception is the group room's, when the user wrote there
 * (issue #38, `group-chat/deleted-author.ts`): their messages turn 'Deleted User', as history answers.
 */
export function createAccountDeletion({
  db,
  io,
  identities,
  steps,
  clock = Date.now,
}: AccountDeletionOptions): DeleteUser {
  return async (userId) => {
    const outcomes = await db.transaction(async (tx) => {
      const done = [];
      for (const step of steps()) done.push(await step(tx, userId));
      await tx.delete(session).where(eq(session.userId, userId));
      await tx.delete(account).where(eq(account.userId, userId));
      const [removed] = await tx.delete(user).where(eq(user.id, userId)).returning({
        username: user.username,
        usernameLower: user.usernameLower,
        isGuest: user.isGuest,
        isAnonymous: user.isAnonymous,
        emailVerified: user.emailVerified,
      });
      if (removed) await holdDeletedName(tx, removed, clock());
      await tx.insert(deletedUsers).values({ id: userId }).onConflictDoNothing();
      return done;
    });
    const told = new Set([userId, ...outcomes.flatMap((outcome) => outcome?.told ?? [])]);
    io.to([...told].map(userRoom)).emit("user_deleted", { userId });
    const after = outcomes.map((outcome) => outcome?.afterCommit?.());
    // Every socket of the user sits in `user:{id}` on whichever node: closed through the adapter.
    await disconnectUser({ io, identities }, userId);
    await Promise.all(after);
  };
}

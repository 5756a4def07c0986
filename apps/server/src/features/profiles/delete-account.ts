import { eq, inArray, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import {
  account,
  conversationState,
  conversations,
  deletedUsers,
  directMessages,
  friendRequests,
  session,
  uploads,
  user,
  userBlocks,
} from "../../db/schema";
import type { FileStore } from "../../plugins/storage";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import { disconnectUser } from "../accounts/index";

export interface DeleteAccountOptions {
  db: Database;
  storage: FileStore;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** Always the session's user (spec §6): nobody deletes someone else's account. */
  userId: string;
  /**
   * Other features' part (the confession wall): in the deletion's transaction, before the user row
   * goes; returns what to do once it has committed.
   */
  removeFromWall?: (tx: Transaction, userId: string) => Promise<() => void>;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * spec §4 deletion, for a registered user and a guest alike (a guest simply has fewer rows):
 * 1. one transaction removes the user's direct messages, conversations (with both sides' state),
 *    friend requests sent or received, blocks either way, upload rows, sessions, accounts and the
 *    user row, and leaves a tombstone with only the id (partners then see 'Deleted User');
 *    In it, the confession wall detaches their content, each item due to leave at its own moment;
 * 2. the people they had to do with (friends and requests either way, DM partners) and their own
 *    sockets are told `user_deleted`, and the user's own sockets are closed (a random-chat stranger
 *    sees the partner leave, as on any disconnect): right after the commit, since the wall's first
 *    item is due a gap after the detachment, not after the file removal;
 * 3. the user's folder `users/{id}/` is removed from the store.
 * The foreign keys cascade too; the explicit deletes keep the order and intent visible.
 * Nobody else hears of it (issue #33): to a stranger on the wall, an id going away at the moment posts
 * go away would name their author.
 */
export async function deleteAccount(options: DeleteAccountOptions): Promise<void> {
  const { db, storage, io, log, userId } = options;
  const { told, afterWall } = await db.transaction(async (tx) => {
    // A message's sender and receiver are its conversation's two people.
    const theirConversations = or(eq(conversations.userA, userId), eq(conversations.userB, userId));
    const theirRequests = or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId));
    await tx
      .delete(directMessages)
      .where(
        inArray(
          directMessages.conversationId,
          tx.select({ id: conversations.id }).from(conversations).where(theirConversations),
        ),
      );
    const partners = await tx
      .delete(conversations)
      .where(theirConversations)
      .returning({ a: conversations.userA, b: conversations.userB });
    await tx.delete(conversationState).where(eq(conversationState.userId, userId));
    const requests = await tx
      .delete(friendRequests)
      .where(theirRequests)
      .returning({ a: friendRequests.senderId, b: friendRequests.receiverId });
    await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    await tx.delete(uploads).where(eq(uploads.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    const afterWall = options.removeFromWall ? await options.removeFromWall(tx, userId) : undefined;
    await tx.delete(user).where(eq(user.id, userId));
    await tx.insert(deletedUsers).values({ id: userId }).onConflictDoNothing();
    return {
      told: new Set([userId, ...[...partners, ...requests].flatMap((pair) => [pair.a, pair.b])]),
      afterWall,
    };
  });

  io.to([...told].map(userRoom)).emit("user_deleted", { userId });
  afterWall?.();
  // Every socket of the user sits in `user:{id}` on whichever node: closed through the adapter.
  disconnectUser(io, userId);
  try {
    await storage.deletePrefix(`users/${userId}/`);
  } catch (error) {
    // The rows are gone; a leftover folder is unreachable by id and logged for the operator.
    log.error({ err: error, userId }, "could not remove a deleted user's files");
  }
}

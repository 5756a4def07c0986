import type { FriendRequestView, FriendView, PresenceStatus } from "@heartline/shared";
import { and, countDistinct, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { friendRequests, user } from "../../db/schema";
import { toSocialUser, type UserRow } from "../../social/index";

export type FriendRequestRow = typeof friendRequests.$inferSelect;

/** Most friends or requests a list returns. */
export const FRIEND_LIST_LIMIT = 1_000;

/** The one row of an unordered pair (the unique index is on least/greatest of the two ids). */
export function pairCondition(userId: string, otherId: string) {
  return or(
    and(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, otherId)),
    and(eq(friendRequests.senderId, otherId), eq(friendRequests.receiverId, userId)),
  );
}

export async function findPair(db: Database, userId: string, otherId: string) {
  const [row] = await db.select().from(friendRequests).where(pairCondition(userId, otherId));
  return row;
}

export async function findRequest(db: Database, id: string) {
  const [row] = await db.select().from(friendRequests).where(eq(friendRequests.id, id));
  return row;
}

export function otherOf(row: Pick<FriendRequestRow, "senderId" | "receiverId">, userId: string): string {
  return row.senderId === userId ? row.receiverId : row.senderId;
}

export function toRequestView(row: FriendRequestRow, viewerId: string, other: UserRow): FriendRequestView {
  return {
    id: row.id,
    direction: row.receiverId === viewerId ? "incoming" : "outgoing",
    user: toSocialUser(other),
    createdAt: row.createdAt.getTime(),
  };
}

/** `createdAt` of an accepted row is when it was accepted (set on accept): friends since then. */
export function toFriendView(row: FriendRequestRow, other: UserRow, status: PresenceStatus): FriendView {
  return {
    ...toSocialUser(other),
    status,
    lastActive: other.lastActive?.getTime() ?? null,
    friendsSince: row.createdAt.getTime(),
  };
}

/** The other person of each of this user's rows with `status`, joined in one query. */
export async function rowsWithCounterpart(db: Database, userId: string, status: FriendRequestRow["status"]) {
  return (
    db
      .select({ request: friendRequests, other: user })
      .from(friendRequests)
      .innerJoin(
        user,
        or(
          and(eq(friendRequests.senderId, userId), eq(user.id, friendRequests.receiverId)),
          and(eq(friendRequests.receiverId, userId), eq(user.id, friendRequests.senderId)),
        ),
      )
      // Repeats the join's two sides so the planner can use the (sender|receiver, status) indexes.
      .where(
        and(
          eq(friendRequests.status, status),
          or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId)),
        ),
      )
      .orderBy(desc(friendRequests.createdAt))
      .limit(FRIEND_LIST_LIMIT)
  );
}

/**
 * spec §3: "Friend count = number of distinct counterpart users across accepted requests in either
 * direction" (deleted accounts not counted). One indexed count.
 */
export async function countFriends(db: Database, userId: string): Promise<number> {
  const counterpart = sql<string>`case when ${friendRequests.senderId} = ${userId} then ${friendRequests.receiverId} else ${friendRequests.senderId} end`;
  const [row] = await db
    .select({ count: countDistinct(counterpart) })
    .from(friendRequests)
    .innerJoin(user, eq(user.id, counterpart))
    .where(
      and(
        eq(friendRequests.status, "accepted"),
        or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId)),
        eq(user.isDeleted, false),
      ),
    );
  return Number(row?.count ?? 0);
}

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/create-database";
import { friendRequests } from "../db/schema";

/** The pair's accepted row, on the pair's unique index (least/greatest of the two ids). */
function acceptedPair(userId: string, otherId: string) {
  return userId < otherId ? acceptedOrderedPair(userId, otherId) : acceptedOrderedPair(otherId, userId);
}

/** The same, for ids already in order (values, or a statement's columns). */
function acceptedOrderedPair(first: string | SQL, second: string | SQL) {
  return and(
    sql`least(${friendRequests.senderId}, ${friendRequests.receiverId}) = ${first}`,
    sql`greatest(${friendRequests.senderId}, ${friendRequests.receiverId}) = ${second}`,
    eq(friendRequests.status, "accepted"),
  );
}

/**
 * Whether the two are accepted friends (one read of the pair's row, on the pair's unique index).
 * `lock: true` (inside a transaction) also holds the row `FOR SHARE` until commit: an unfriend or a
 * block then waits for that transaction, and one that deleted the row first makes this read false.
 */
export async function areFriends(
  db: Database,
  userId: string,
  otherId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<boolean> {
  const query = db
    .select({ id: friendRequests.id })
    .from(friendRequests)
    .where(acceptedPair(userId, otherId));
  const [row] = lock ? await query.for("share") : await query;
  return row !== undefined;
}

/**
 * The same read as `areFriends(…, { lock: true })` as a subquery to embed, for a write that must happen
 * only between friends in one round trip (the streak's claim on a message). `userA` < `userB`: the
 * pair's ids in order, as columns of the enclosing statement.
 */
export function lockedFriendshipSql(userA: SQL, userB: SQL): SQL {
  return sql`select 1 from ${friendRequests} where ${acceptedOrderedPair(userA, userB)} for share`;
}

import { and, eq } from "drizzle-orm";
import { friendRequests } from "../../db/schema";
import { deleteStreak } from "../streaks/index";
import { pushRequestUpdated } from "./friend-pushes";
import { pairCondition } from "./friend-store";
import type { FriendsDeps } from "./friends-deps";

export interface RemoveFriendOptions {
  deps: FriendsDeps;
  userId: string;
  friendId: string;
}

/** `DELETE /api/friends/:userId`: ends the friendship, whoever asked first; `removed: false` if none. */
export async function removeFriend({
  deps,
  userId,
  friendId,
}: RemoveFriendOptions): Promise<{ removed: boolean }> {
  // Unfriending ends the streak (issue #12), in the same transaction: a send racing it cannot recreate it.
  const [removed] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(friendRequests)
      .where(and(pairCondition(userId, friendId), eq(friendRequests.status, "accepted")))
      .returning();
    await deleteStreak(tx, userId, friendId);
    return rows;
  });
  if (removed) pushRequestUpdated(deps, removed, "removed");
  return { removed: removed !== undefined };
}

/**
 * A block ends everything between the two: a friendship is `removed`, a pending request `cancelled`
 * (what either would see had the other removed or withdrawn it; never that a block happened).
 */
export async function endFriendship({ deps, userId, friendId }: RemoveFriendOptions): Promise<void> {
  const rows = await deps.db.transaction(async (tx) => {
    const ended = await tx.delete(friendRequests).where(pairCondition(userId, friendId)).returning();
    await deleteStreak(tx, userId, friendId);
    return ended;
  });
  for (const row of rows) pushRequestUpdated(deps, row, row.status === "accepted" ? "removed" : "cancelled");
}

import { eq } from "drizzle-orm";
import { groupMessages } from "../../db/schema";
import { GROUP_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { AccountRemovalStep } from "../feature";

/**
 * Issue #38: the group chat's part of an account deletion. The messages stay (the room's history, and
 * reports may cite them) and are served as 'Deleted User' from the commit on (`toGroupMessage`);
 * someone who wrote in the room is named to the room right after the commit, so the people there stop
 * seeing the old name at once, not only after a reload. Someone who never wrote there is named to
 * nobody (issue #33: nobody else hears of a deletion).
 */
export function removeGroupAuthor(io: HeartlineServer): AccountRemovalStep {
  return async (tx, userId) => {
    const [wrote] = await tx
      .select({ id: groupMessages.id })
      .from(groupMessages)
      .where(eq(groupMessages.senderId, userId))
      .limit(1);
    if (!wrote) return undefined;
    return { afterCommit: () => void io.to(GROUP_ROOM).emit("group_sender_deleted", { userId }) };
  };
}

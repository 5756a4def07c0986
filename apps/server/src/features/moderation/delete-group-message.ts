import { and, eq, isNull } from "drizzle-orm";
import { groupMessages } from "../../db/schema";
import { GROUP_ROOM } from "../../realtime/rooms";
import type { ModerationDeps } from "./moderation-deps";

/** An admin deletes a group message for everyone: it is no longer served and every client drops it. */
export async function deleteGroupMessage(deps: ModerationDeps, id: string): Promise<{ deleted: boolean }> {
  const [row] = await deps.db
    .update(groupMessages)
    .set({ deletedAt: new Date() })
    .where(and(eq(groupMessages.id, id), isNull(groupMessages.deletedAt)))
    .returning({ id: groupMessages.id });
  if (!row) return { deleted: false };
  deps.io.to(GROUP_ROOM).emit("group_message_deleted", { id: row.id });
  return { deleted: true };
}

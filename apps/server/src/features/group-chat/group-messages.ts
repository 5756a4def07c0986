import { type ChatMessage, GROUP_ERROR_MESSAGES, GROUP_REPORT_SNAPSHOT_SIZE } from "@heartline/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { groupMessages } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { GROUP_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { GroupMessagesPort } from "../moderation/index";

export interface CreateGroupMessagesOptions {
  db: Database;
  io: HeartlineServer;
}

/** The group's messages as moderation needs them (its `GroupMessagesPort`), given by the composition root. */
export function createGroupMessages({ db, io }: CreateGroupMessagesOptions): GroupMessagesPort {
  return {
    /** An admin deletes a group message for everyone: it is no longer served and every client drops it. */
    async deleteForEveryone(id) {
      const [row] = await db
        .update(groupMessages)
        .set({ deletedAt: new Date() })
        .where(and(eq(groupMessages.id, id), isNull(groupMessages.deletedAt)))
        .returning({ id: groupMessages.id });
      if (!row) return { deleted: false };
      io.to(GROUP_ROOM).emit("group_message_deleted", { id: row.id });
      return { deleted: true };
    },
    async snapshotOf(userId, messageId) {
      const latest = await db
        .select()
        .from(groupMessages)
        .where(and(eq(groupMessages.senderId, userId), isNull(groupMessages.deletedAt)))
        .orderBy(desc(groupMessages.seq))
        .limit(GROUP_REPORT_SNAPSHOT_SIZE);
      let rows = latest;
      if (messageId) {
        const [chosen] = await db.select().from(groupMessages).where(eq(groupMessages.id, messageId));
        if (!chosen || chosen.senderId !== userId) {
          throw new AppError("bad_request", GROUP_ERROR_MESSAGES.messageNotFound);
        }
        if (!latest.some((row) => row.id === chosen.id)) rows = [chosen, ...latest];
      }
      return rows
        .sort((a, b) => a.seq - b.seq)
        .map(
          (row): ChatMessage => ({
            id: row.id,
            content: row.content,
            senderId: row.senderId,
            timestamp: row.createdAt.getTime(),
            type: row.type,
          }),
        );
    },
  };
}

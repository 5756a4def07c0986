import { type ChatMessage, GROUP_ERROR_MESSAGES, GROUP_REPORT_SNAPSHOT_SIZE } from "@heartline/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { groupMessages } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { FileStore } from "../../lib/file-store";
import { GROUP_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { GroupMessagesPort } from "../moderation/index";
import { removeMessageUploads } from "./group-uploads";

export interface CreateGroupMessagesOptions {
  db: Database;
  io: HeartlineServer;
  storage: FileStore;
  log: FastifyBaseLogger;
}

export interface DeleteGroupMessageOptions {
  deps: CreateGroupMessagesOptions;
  id: string;
  /** When set, only this sender's message is deleted (the author deleting their own). */
  senderId?: string;
}

/**
 * A group message deleted for everyone: no longer served, every client drops it, and its image (record
 * and file) is removed. The row stays, marked deleted, because reports may cite it.
 */
export async function deleteGroupMessage({ deps, id, senderId }: DeleteGroupMessageOptions) {
  const [row] = await deps.db
    .update(groupMessages)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(groupMessages.id, id),
        isNull(groupMessages.deletedAt),
        senderId === undefined ? undefined : eq(groupMessages.senderId, senderId),
      ),
    )
    .returning({ id: groupMessages.id });
  if (!row) return { deleted: false };
  deps.io.to(GROUP_ROOM).emit("group_message_deleted", { id: row.id });
  await removeMessageUploads(deps, row.id);
  return { deleted: true };
}

/** The group's messages as moderation needs them (its `GroupMessagesPort`), given by the composition root. */
export function createGroupMessages(deps: CreateGroupMessagesOptions): GroupMessagesPort {
  const { db } = deps;
  return {
    /** An admin deletes a group message for everyone. */
    deleteForEveryone: (id) => deleteGroupMessage({ deps, id }),
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

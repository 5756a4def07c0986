import type { DirectMessage, DirectReplyPreview } from "@heartline/shared";
import { alias } from "drizzle-orm/pg-core";
import { directMessages } from "../../db/schema";

export type DirectMessageRow = typeof directMessages.$inferSelect;

/** The quoted original of a reply, joined in the same query as the message. */
export const replies = alias(directMessages, "reply");

/** The columns of a message and of its quoted original (`select(MESSAGE_WITH_REPLY).from(…).leftJoin(replies, …)`). */
export const MESSAGE_WITH_REPLY = { message: directMessages, reply: replies };

export function toReplyPreview(row: DirectMessageRow): DirectReplyPreview {
  return {
    id: row.id,
    content: row.content,
    senderId: row.senderId,
    timestamp: row.createdAt.getTime(),
    type: row.type,
  };
}

/** A stored row as the contract carries it (ARCHITECTURE §5 `DirectMessage`). */
export function toDirectMessage(row: DirectMessageRow, reply?: DirectMessageRow | null): DirectMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    type: row.type,
    status: row.status,
    ...(reply ? { replyTo: toReplyPreview(reply) } : {}),
    timestamp: row.createdAt.getTime(),
    ...(row.sensitive ? { sensitive: true as const } : {}),
  };
}

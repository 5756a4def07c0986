import type { DirectMessage, DirectReplyPreview } from "@heartline/shared";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { directMessages } from "../../db/schema";

export type DirectMessageRow = typeof directMessages.$inferSelect;

/** What a reply shows of the message it quotes. */
type QuotedRow = Pick<DirectMessageRow, "id" | "content" | "senderId" | "createdAt" | "type">;

/** The quoted original of a reply, joined in the same query as the message. */
export const replies = alias(directMessages, "reply");

/** One column of the quoted original, as a plain SQL field decoded by the table's own column. */
const quoted = <TKey extends keyof QuotedRow>(key: TKey) => sql`${replies[key]}`.mapWith(directMessages[key]);

/**
 * The columns of a message and of its quoted original (`select(MESSAGE_WITH_REPLY).from(…).leftJoin(replies, …)`).
 * The original's are plain SQL fields, not the alias's columns: drizzle reaches an alias's columns
 * through a Proxy for every field of every row, which B5's history page showed as a large share of its
 * CPU (bench/RESULTS.md's notes). Without a reply they all read null.
 */
export const MESSAGE_WITH_REPLY = {
  message: directMessages,
  reply: {
    id: quoted("id"),
    content: quoted("content"),
    senderId: quoted("senderId"),
    createdAt: quoted("createdAt"),
    type: quoted("type"),
  },
};

/** The quoted original as MESSAGE_WITH_REPLY reads it: null when the message is not a reply. */
export const quotedOf = (reply: { [K in keyof QuotedRow]: QuotedRow[K] | null }): QuotedRow | null =>
  reply.id === null ? null : (reply as QuotedRow);

export function toReplyPreview(row: QuotedRow): DirectReplyPreview {
  return {
    id: row.id,
    content: row.content,
    senderId: row.senderId,
    timestamp: row.createdAt.getTime(),
    type: row.type,
  };
}

/** A stored row as the contract carries it (ARCHITECTURE §5 `DirectMessage`). */
export function toDirectMessage(row: DirectMessageRow, reply?: QuotedRow | null): DirectMessage {
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

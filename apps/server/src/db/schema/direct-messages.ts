import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

export const DIRECT_MESSAGE_TYPES = ["text", "image", "gif", "system"] as const;
export type DirectMessageType = (typeof DIRECT_MESSAGE_TYPES)[number];
export const DIRECT_MESSAGE_STATUSES = ["sent", "delivered", "read"] as const;
export type DirectMessageStatus = (typeof DIRECT_MESSAGE_STATUSES)[number];

/**
 * spec §3 Conversation (ARCHITECTURE §4): the id is the two user ids sorted and joined by '-'
 * (`conversationIdOf`), `user_a` < `user_b`. Deleting either user deletes the conversation, its
 * messages and both users' state rows (spec §4 deletion).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    userA: text("user_a")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userB: text("user_b")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The seq of the newest message: a send allocates the next one with one conditional upsert
     * (`… ON CONFLICT (id) DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq`), which holds the
     * row's lock until its transaction ends, so two concurrent sends can never take the same seq.
     * The last message is the one at (id, last_seq) (the spec's `lastMessage`, found by the index).
     */
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
    /**
     * spec §5's duplicate rule, kept where the send already takes its lock (ADR 0015): each message sent
     * in the last 5 s as `md5(sender_id || ':' || content)` → its time in ms. The send's upsert reads
     * it under the row's lock, so of two sends of one text at once the second sees the first.
     */
    recentSends: jsonb("recent_sends").$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("conversations_user_a_idx").on(table.userA),
    index("conversations_user_b_idx").on(table.userB),
  ],
);

/**
 * spec §3 Direct message (ARCHITECTURE §4). `id` is the client-chosen uuid and the primary key, so a
 * retried send is idempotent; the send use case must answer a repeated id only when `sender_id`
 * matches (another sender reusing an id gets a conflict, never someone else's row). `seq` rises
 * strictly per conversation; history is read by keyset on (conversation_id, seq).
 */
export const directMessages = pgTable(
  "direct_messages",
  {
    id: uuid("id").primaryKey(),
    // No foreign keys (ADR 0008, ADR 0012): the send statement locks or creates the conversation before
    // it writes the message, so the key check would only repeat it, a lookup per message (bench B5);
    // deleting a conversation deletes its messages by a trigger (migration 0017), as the cascade did.
    // Sender and receiver are the conversation's two people, whose keys the conversation holds.
    conversationId: text("conversation_id").notNull(),
    senderId: text("sender_id").notNull(),
    receiverId: text("receiver_id").notNull(),
    content: text("content").notNull(),
    type: text("type", { enum: DIRECT_MESSAGE_TYPES }).notNull().default("text"),
    status: text("status", { enum: DIRECT_MESSAGE_STATUSES }).notNull().default("sent"),
    replyToId: uuid("reply_to_id").references((): AnyPgColumn => directMessages.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    /** AutoMod judged the image explicit (issue #15): the receiver sees it blurred. */
    sensitive: boolean("sensitive").notNull().default(false),
  },
  (table) => [uniqueIndex("direct_messages_conversation_seq_idx").on(table.conversationId, table.seq)],
);

/**
 * Per user and conversation (ARCHITECTURE §4, replacing the spec's `hiddenConversations` array):
 * hidden flag, unread count, last read seq, when it was last unhidden (spec §4: marking read is
 * ignored within 3 s of an unhide), and the conversation's last activity (ADR 0010).
 */
export const conversationState = pgTable(
  "conversation_state",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    hidden: boolean("hidden").notNull().default(false),
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull().default(0),
    unhiddenAt: timestamp("unhidden_at", { withTimezone: true }),
    /**
     * The conversation's last activity (its `updated_at`), copied into both people's rows by the
     * statement that bumps it (the send), so a user's list is read a page at a time by keyset on
     * `conversation_state_list_idx` without touching the rest (ADR 0010). Milliseconds, like the
     * server's clock: the list cursor carries them exactly.
     */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // Conversation first: the key also finds a conversation's two rows (the send updates both, the
    // conversation's deletion cascades to them), and the list index below leads with the user, so no
    // third index is written on every message (bench B5, ADR 0012).
    primaryKey({ columns: [table.conversationId, table.userId] }),
    // The conversation list's keyset: one user's rows, newest activity first (NULLS FIRST, as a plain
    // `order by … desc` sorts, so the list reads the index in order).
    index("conversation_state_list_idx").on(
      table.userId,
      table.lastMessageAt.desc().nullsFirst(),
      table.conversationId.desc().nullsFirst(),
    ),
  ],
);

/** spec §3 The two ids sorted and joined by a hyphen. */
export function conversationIdOf(first: string, second: string): string {
  return [first, second].sort().join("-");
}

import type { GroupMessageType, GroupReplyPreview } from "@heartline/shared";
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The group room's messages (ARCHITECTURE §4, §5). The id is the client's UUID, so a retried send finds
 * its row instead of storing twice; `seq` is the keyset cursor of history pages (never OFFSET). The
 * sender's name and picture are kept as they were when sent, like the reply quote. A deleted message
 * keeps its row (reports may cite it) and is no longer served.
 */
export const groupMessages = pgTable(
  "group_messages",
  {
    id: uuid("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull().unique(),
    senderId: text("sender_id").notNull(),
    senderUsername: text("sender_username").notNull(),
    senderProfileImage: text("sender_profile_image"),
    content: text("content").notNull(),
    type: text("type").$type<GroupMessageType>().notNull(),
    replyTo: jsonb("reply_to").$type<GroupReplyPreview>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  // Report snapshots read one sender's latest messages.
  (table) => [index("group_messages_sender_seq_idx").on(table.senderId, table.seq)],
);

/**
 * Which browsers (device id cookie) a user was seen with, so a ban also covers a new guest from the
 * same browser (issue #5, ARCHITECTURE §9.4).
 */
export const userDevices = pgTable(
  "user_devices",
  {
    userId: text("user_id").notNull(),
    deviceId: text("device_id").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceId] })],
);

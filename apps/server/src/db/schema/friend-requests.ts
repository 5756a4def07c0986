import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const FRIEND_REQUEST_STATUSES = ["pending", "accepted"] as const;
export type FriendRequestStatus = (typeof FRIEND_REQUEST_STATUSES)[number];

/**
 * spec §3 Friend request (ARCHITECTURE §4). One row per unordered pair: a request from B to A while
 * A→B exists is the same friendship, so the unique index is on (least, greatest) of the two ids.
 * Both ends cascade: deleting an account removes every request it sent or received (spec §4).
 */
export const friendRequests = pgTable(
  "friend_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    senderId: text("sender_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    receiverId: text("receiver_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: FRIEND_REQUEST_STATUSES }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("friend_requests_pair_idx").on(
      sql`least(${table.senderId}, ${table.receiverId})`,
      sql`greatest(${table.senderId}, ${table.receiverId})`,
    ),
    index("friend_requests_receiver_status_idx").on(table.receiverId, table.status),
    index("friend_requests_sender_status_idx").on(table.senderId, table.status),
  ],
);

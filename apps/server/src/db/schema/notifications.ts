import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Issue #40: what one user wants to be told, and when not. No row: the defaults. */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Category → on/off (`NOTIFICATION_CATEGORIES`); a missing category is on. */
  categories: jsonb("categories").$type<Record<string, boolean>>().notNull().default({}),
  previews: boolean("previews").notNull().default(false),
  /** Quiet hours as minutes of the day in `time_zone` (both null: none). */
  quietStart: smallint("quiet_start"),
  quietEnd: smallint("quiet_end"),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One Web Push subscription per user and device (the `heartline.device` cookie): a device that
 * subscribes again replaces its row; an endpoint belongs to one row. A 404/410 from the push service
 * deletes the row; the account's deletion deletes them all.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_user_device_idx").on(table.userId, table.deviceId),
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
  ],
);

/**
 * The in-app inbox: one row per user and thread (`tag`: a conversation, a confession, a request…);
 * a newer event of the thread updates the row (text, count, time) and makes it unread again.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tag: text("tag").notNull(),
    /** Who the item names (a DM's sender, a friend): their deletion removes it. Never a commenter. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    count: integer("count").notNull().default(1),
    readAt: timestamp("read_at", { withTimezone: true }),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    uniqueIndex("notifications_user_tag_idx").on(table.userId, table.tag),
    index("notifications_user_at_idx").on(table.userId, table.at.desc()),
  ],
);

/** Conversations a user muted: nothing is notified of them (by the other person's id). */
export const notificationMutes = pgTable(
  "notification_mutes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    partnerId: text("partner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.partnerId] })],
);

/**
 * At most one streak reminder per pair and calendar day (the streak time zone), across every node
 * and restart: the reminder is sent only by whoever inserts this row (`user_a < user_b`).
 */
export const streakReminders = pgTable(
  "streak_reminders",
  {
    userA: text("user_a")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userB: text("user_b")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userA, table.userB, table.day] })],
);

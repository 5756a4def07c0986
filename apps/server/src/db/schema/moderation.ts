import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * spec §3 Banned user. One row per lower-cased username (spec §5: ban and unban match case-insensitively,
 * banning again does nothing). `device_ids` are the browsers the user was seen with: joining from one of
 * them is refused even as a new guest.
 */
export const bannedUsers = pgTable(
  "banned_users",
  {
    usernameLower: text("username_lower").primaryKey(),
    username: text("username").notNull(),
    userId: text("user_id").notNull(),
    bannedBy: text("banned_by").notNull(),
    reason: text("reason"),
    bannedAt: timestamp("banned_at", { withTimezone: true }).notNull().defaultNow(),
    deviceIds: text("device_ids").array().notNull().default([]),
  },
  (table) => [
    index("banned_users_banned_at_idx").on(table.bannedAt),
    index("banned_users_user_id_idx").on(table.userId),
    index("banned_users_device_ids_idx").using("gin", table.deviceIds),
  ],
);

/** spec §3 Muted user: keyed by user id; `muted_by` defaults to 'system'. */
export const mutedUsers = pgTable(
  "muted_users",
  {
    userId: text("user_id").primaryKey(),
    username: text("username").notNull(),
    mutedAt: timestamp("muted_at", { withTimezone: true }).notNull().defaultNow(),
    mutedBy: text("muted_by").notNull().default("system"),
    reason: text("reason"),
  },
  (table) => [index("muted_users_muted_at_idx").on(table.mutedAt)],
);

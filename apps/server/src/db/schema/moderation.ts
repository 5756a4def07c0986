import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * spec §3 Banned user. One row per banned user id: the id is what a ban acts on (a display name can be
 * anyone's, issue: impersonation). `username_lower` is kept for the spec §5 lookup of an admin typing a
 * name (unban by name). `device_ids` are the browsers the user was seen with: joining from one of
 * them is refused even as a new guest.
 */
export const bannedUsers = pgTable(
  "banned_users",
  {
    userId: text("user_id").primaryKey(),
    usernameLower: text("username_lower").notNull(),
    username: text("username").notNull(),
    bannedBy: text("banned_by").notNull(),
    reason: text("reason"),
    bannedAt: timestamp("banned_at", { withTimezone: true }).notNull().defaultNow(),
    deviceIds: text("device_ids").array().notNull().default([]),
  },
  (table) => [
    index("banned_users_banned_at_idx").on(table.bannedAt),
    index("banned_users_username_lower_idx").on(table.usernameLower),
    index("banned_users_device_ids_idx").using("gin", table.deviceIds),
  ],
);

/**
 * spec §3 Muted user: keyed by user id; `muted_by` defaults to 'system'. `expires_at` is set on a short
 * automatic mute (issue #15, AutoMod); a row past it no longer mutes and is replaced by the next mute.
 */
export const mutedUsers = pgTable(
  "muted_users",
  {
    userId: text("user_id").primaryKey(),
    username: text("username").notNull(),
    mutedAt: timestamp("muted_at", { withTimezone: true }).notNull().defaultNow(),
    mutedBy: text("muted_by").notNull().default("system"),
    reason: text("reason"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("muted_users_muted_at_idx").on(table.mutedAt)],
);

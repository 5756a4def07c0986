import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * spec §3 Streak, ARCHITECTURE §4: one row per unordered friend pair (`user_a < user_b`), both ends
 * cascade with the account. `last_streak_day` is the 'YYYY-MM-DD' day in the streak time zone
 * (ARCHITECTURE §9.6); `reached_at` is when `count` reached its current value (leaderboard ties).
 */
export const streaks = pgTable(
  "streaks",
  {
    userA: text("user_a")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userB: text("user_b")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    count: integer("count").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, mode: "date" }).notNull(),
    lastStreakDay: text("last_streak_day"),
    active: boolean("active").notNull().default(false),
    highestCount: integer("highest_count").notNull().default(0),
    reachedAt: timestamp("reached_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The count before the last message's update: the send statement returns it for the toasts. */
    previousCount: integer("previous_count").notNull().default(0),
  },
  (table) => [
    // The primary key (user_a, user_b) also serves "by user_a".
    primaryKey({ columns: [table.userA, table.userB] }),
    index("streaks_user_b_idx").on(table.userB),
    // The leaderboard walks the live rows best first and stops (bench B5): partial, in its order.
    index("streaks_leaderboard_idx")
      .on(table.count.desc().nullsFirst(), table.reachedAt)
      .where(sql`${table.active} and ${table.count} > 0`),
    check("streaks_pair_order", sql`${table.userA} < ${table.userB}`),
  ],
);

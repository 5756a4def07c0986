import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A tombstone per deleted account: the id and when, nothing personal. It lets the server tell
 * "deleted their account" from "does not exist" (spec §5 Starting a conversation) and show a
 * former partner as 'Deleted User' (spec §4) after the user row itself is gone.
 */
export const deletedUsers = pgTable("deleted_users", {
  id: text("id").primaryKey(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
});

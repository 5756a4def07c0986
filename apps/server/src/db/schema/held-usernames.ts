import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Issue #38: the name of a deleted registered account, held for `DELETED_USERNAME_HOLD_MS` so a
 * newcomer cannot take it and look like the person who left (their old group messages, a friend's
 * memory). Lower-cased, as usernames are compared (spec §5); nothing else of the account is kept.
 * Written in the deletion's transaction; read by every name check; the hourly sweep removes what ran out.
 */
export const heldUsernames = pgTable(
  "held_usernames",
  {
    usernameLower: text("username_lower").primaryKey(),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
  },
  (table) => [index("held_usernames_held_until_idx").on(table.heldUntil)],
);

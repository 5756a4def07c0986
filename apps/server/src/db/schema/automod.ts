import type { AutomodAction, AutomodSurface } from "@heartline/shared";
import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/**
 * Admin-added AutoMod keyword rules (issue #15). The built-in lists (obscenity's English dataset) are
 * code, not rows; these add words and phrases with their own surfaces and action.
 */
export const automodRules = pgTable("automod_rules", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  phrase: text("phrase").notNull(),
  surfaces: text("surfaces").array().$type<AutomodSurface[]>().notNull(),
  action: text("action").$type<AutomodAction>().notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One review request per blocked message (issue #15: "ask for review once"), and one per text: a
 * `same-text:<sha256>` row claims the words themselves (issue #33).
 */
export const automodReviews = pgTable(
  "automod_reviews",
  {
    messageId: text("message_id").notNull(),
    userId: text("user_id").notNull(),
    reportId: uuid("report_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("automod_reviews_message_user_unique").on(table.messageId, table.userId),
    index("automod_reviews_user_idx").on(table.userId),
  ],
);

/**
 * Every message AutoMod blocked, so a review request can only name one of them (the stored text is what
 * the moderators see, not what the client says). Kept small: the text is capped before matching.
 */
export const automodBlocks = pgTable(
  "automod_blocks",
  {
    messageId: text("message_id").notNull(),
    userId: text("user_id").notNull(),
    surface: text("surface").$type<AutomodSurface>().notNull(),
    ruleName: text("rule_name").notNull(),
    matched: text("matched").notNull(),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("automod_blocks_message_user_unique").on(table.messageId, table.userId),
    // A review of a refused image looks up the user's latest refusal (issue #15).
    index("automod_blocks_user_created_idx").on(table.userId, table.createdAt),
  ],
);

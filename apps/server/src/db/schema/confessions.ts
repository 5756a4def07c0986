import type { ConfessionReaction } from "@heartline/shared";
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The confession wall (issue #13, ARCHITECTURE §4). The id is the client's uuid (a retried post finds
 * its row). A removed confession is deleted (its comments, reactions and pseudonyms cascade; a report
 * keeps its own snapshot). Counts are never stored: they are `count(*)` over the rows, so they stay exact
 * under concurrent taps and when an account's rows cascade away. `created_at` is written by the server
 * with millisecond precision, so a feed cursor in milliseconds is exact.
 */
export const confessions = pgTable(
  "confessions",
  {
    id: uuid("id").primaryKey(),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    contentWarning: text("content_warning"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The newest-first feed's keyset (created_at desc, id desc), and the top views' time window.
    index("confessions_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    // The exact-duplicate drop reads one author's latest posts.
    index("confessions_author_created_at_idx").on(table.authorId, table.createdAt),
  ],
);

/** One reaction per user per confession (the primary key): another emoji replaces it. */
export const confessionReactions = pgTable(
  "confession_reactions",
  {
    confessionId: uuid("confession_id")
      .notNull()
      .references(() => confessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emoji: text("emoji").$type<ConfessionReaction>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.confessionId, table.userId] }),
    index("confession_reactions_user_idx").on(table.userId),
  ],
);

/** Comments, one level deep: `parent_id` is a top-level comment (its replies go with it). */
export const confessionComments = pgTable(
  "confession_comments",
  {
    id: uuid("id").primaryKey(),
    confessionId: uuid("confession_id")
      .notNull()
      .references(() => confessions.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => confessionComments.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("confession_comments_confession_created_at_idx").on(table.confessionId, table.createdAt),
    index("confession_comments_author_idx").on(table.authorId),
  ],
);

/**
 * Per-thread pseudonyms ("Anon N"): N is the order of a person's first comment in that thread, so it is
 * stable inside the thread and unrelated across threads. The confession's author is "OP" and has no row.
 */
export const confessionPseudonyms = pgTable(
  "confession_pseudonyms",
  {
    confessionId: uuid("confession_id")
      .notNull()
      .references(() => confessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.confessionId, table.userId] }),
    unique("confession_pseudonyms_number_unique").on(table.confessionId, table.number),
    index("confession_pseudonyms_user_idx").on(table.userId),
  ],
);

import type { ConfessionReaction } from "@heartline/shared";
import { sql } from "drizzle-orm";
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
 * under concurrent taps and when rows go. `created_at` is written by the server with millisecond
 * precision, so a feed cursor in milliseconds is exact.
 *
 * ADR 0014: a deleted account's content is detached from it (`author_id` null) and given its own
 * `removal_due_at`; every read treats the row as gone from that moment, and a sweeper deletes it then.
 */
export const confessions = pgTable(
  "confessions",
  {
    id: uuid("id").primaryKey(),
    /** Null once the author's account is deleted (ADR 0014): nothing links the row to it any more. */
    authorId: text("author_id").references(() => user.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    contentWarning: text("content_warning"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removalDueAt: timestamp("removal_due_at", { withTimezone: true }),
  },
  (table) => [
    // The newest-first feed's keyset (created_at desc, id desc), and the top views' time window.
    index("confessions_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    // The exact-duplicate drop reads one author's latest posts.
    index("confessions_author_created_at_idx").on(table.authorId, table.createdAt),
    // The sweeper's look-ahead: only rows on their way out are in it.
    index("confessions_removal_due_idx").on(table.removalDueAt).where(sql`${table.removalDueAt} is not null`),
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
    /** Null once the author's account is deleted (ADR 0014). */
    authorId: text("author_id").references(() => user.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => confessionComments.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A detached comment's thread number, kept from its author's pseudonym so the thread reads the
     * same until the comment goes; null on a detached comment of the OP (and on every live one).
     */
    pseudonymNumber: integer("pseudonym_number"),
    /** Null for a live comment, and for a detached one on its author's own post (it goes with it). */
    removalDueAt: timestamp("removal_due_at", { withTimezone: true }),
  },
  (table) => [
    index("confession_comments_confession_created_at_idx").on(table.confessionId, table.createdAt),
    index("confession_comments_author_idx").on(table.authorId),
    index("confession_comments_removal_due_idx")
      .on(table.removalDueAt)
      .where(sql`${table.removalDueAt} is not null`),
  ],
);

/**
 * A deleted account's reactions, moved out of `confession_reactions` without the account (ADR 0014):
 * each still counts until its `removal_due_at`, when the sweeper deletes it. Null: a reaction to the
 * account's own post, counted until the post goes (it cascades with it).
 */
export const confessionDepartingReactions = pgTable(
  "confession_departing_reactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    confessionId: uuid("confession_id")
      .notNull()
      .references(() => confessions.id, { onDelete: "cascade" }),
    emoji: text("emoji").$type<ConfessionReaction>().notNull(),
    removalDueAt: timestamp("removal_due_at", { withTimezone: true }),
  },
  (table) => [
    index("confession_departing_reactions_confession_idx").on(table.confessionId),
    index("confession_departing_reactions_removal_due_idx")
      .on(table.removalDueAt)
      .where(sql`${table.removalDueAt} is not null`),
  ],
);

/**
 * Per-thread pseudonyms ("Anon N"): N is the order of a person's first comment in that thread, so it is
 * stable inside the thread and unrelated across threads. The confession's author is "OP" and has no row.
 * A deleted account's rows stay without it (`user_id` null): its number is never handed to anyone else
 * in that thread, which would tell the thread that "Anon N" had gone (ADR 0014).
 */
export const confessionPseudonyms = pgTable(
  "confession_pseudonyms",
  {
    confessionId: uuid("confession_id")
      .notNull()
      .references(() => confessions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    number: integer("number").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.confessionId, table.number] }),
    // A commenter's one number per thread (nulls, the departed, are distinct).
    unique("confession_pseudonyms_user_unique").on(table.confessionId, table.userId),
    index("confession_pseudonyms_user_idx").on(table.userId),
  ],
);

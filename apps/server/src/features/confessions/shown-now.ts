import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { confessionComments, confessionDepartingReactions, confessions } from "../../db/schema";

/**
 * ADR 0014: a deleted account's item is gone for every read from its own `removal_due_at` on, by the
 * database's clock (one clock for every node), whether or not the sweeper has deleted the row yet.
 */
export function shownNow(dueAt: AnyPgColumn): SQL {
  return sql`(${dueAt} is null or ${dueAt} > now())`;
}

export const confessionShown = (): SQL => shownNow(confessions.removalDueAt);

export const departingReactionShown = (): SQL => shownNow(confessionDepartingReactions.removalDueAt);

/** A comment is shown while it is, and while its parent is (a reply goes with its parent). */
export function commentShown(): SQL {
  return sql`(${shownNow(confessionComments.removalDueAt)} and not exists (select 1 from ${confessionComments} as "parent" where "parent"."id" = ${confessionComments.parentId} and "parent"."removal_due_at" <= now()))`;
}

import { and, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows";
import {
  confessionComments,
  confessionDepartingReactions,
  confessionPseudonyms,
  confessionReactions,
  confessions,
} from "../../db/schema";
import { drawRemovalOffsets, type RemovalSchedule } from "./removal-schedule";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** `"due"("id", "offset_ms")`: each item's moment to leave, in ms after `base`. */
const DUE = sql`"due"`;

/**
 * An account deletion's step on the wall, in the deletion's transaction (ADR 0014, issue #33). Nothing
 * leaves the wall now: a watcher would see every item of one author go at the deletion's moment. Each
 * item — a post, a comment on someone else's post, a reaction to someone else's post (a count) — is
 * detached from the account and given its own moment (`drawRemovalOffsets`); every read treats it as
 * gone from then on, and the sweeper deletes it and tells open walls then. What sits on the account's
 * own posts (its comments there, its reaction) goes with the post. Per-thread pseudonyms lose the
 * account and keep their numbers. Returns how many items now wait for their moment.
 */
export async function detachFromWall(
  tx: Transaction,
  userId: string,
  schedule: Pick<RemovalSchedule, "windowMs" | "gapMs">,
): Promise<number> {
  const ownPosts = tx
    .select({ id: confessions.id })
    .from(confessions)
    .where(eq(confessions.authorId, userId));
  const comments = await tx
    .select({ id: confessionComments.id })
    .from(confessionComments)
    .where(
      and(eq(confessionComments.authorId, userId), notInArray(confessionComments.confessionId, ownPosts)),
    );
  const reactions = await tx
    .select({ id: confessionReactions.confessionId })
    .from(confessionReactions)
    .where(
      and(eq(confessionReactions.userId, userId), notInArray(confessionReactions.confessionId, ownPosts)),
    );
  const posts = await ownPosts;
  const items = [...comments, ...reactions, ...posts];
  // Nothing on the wall (pseudonym rows of removed comments lose the account by their foreign key).
  if (items.length === 0) return 0;
  const offsets = drawRemovalOffsets(items.length, schedule);
  // One base for every item, on the database's clock, which every read's `now()` is compared with.
  const [clock] = rowsOf<{ base: string }>(await tx.execute(sql`select clock_timestamp()::text as base`));
  if (!clock) throw new Error("the database answered no clock");
  const dueAt = sql`${clock.base}::timestamptz + ${DUE}."offset_ms" * interval '1 millisecond'`;
  /** `rows` as `"due"`, their offsets from `first` on (items are comments, reactions, posts in order). */
  const dueOf = (rows: Array<{ id: string }>, first: number): SQL => {
    const entries = rows.map((row, index) => ({ id: row.id, offset_ms: offsets[first + index] }));
    return sql`jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as ${DUE}("id" uuid, "offset_ms" int)`;
  };

  // The thread number is read while the pseudonym still names the account.
  const number = sql`(select ${confessionPseudonyms.number} from ${confessionPseudonyms} where ${confessionPseudonyms.confessionId} = ${confessionComments.confessionId} and ${confessionPseudonyms.userId} = ${userId})`;
  await tx
    .update(confessionComments)
    .set({ authorId: null, pseudonymNumber: number, removalDueAt: dueAt })
    .from(dueOf(comments, 0))
    .where(eq(confessionComments.id, sql`${DUE}."id"`));
  await tx.update(confessionComments).set({ authorId: null }).where(eq(confessionComments.authorId, userId));

  const reactionsDue = dueOf(reactions, comments.length);
  await tx.insert(confessionDepartingReactions).select(
    tx
      .select({
        id: sql<string>`gen_random_uuid()`.as("id"),
        confessionId: confessionReactions.confessionId,
        emoji: confessionReactions.emoji,
        // Null on the account's own posts: counted until the post goes.
        removalDueAt: sql<Date | null>`case when ${DUE}."id" is null then null else ${dueAt} end`.as(
          "removal_due_at",
        ),
      })
      .from(confessionReactions)
      .leftJoin(reactionsDue, eq(confessionReactions.confessionId, sql`${DUE}."id"`))
      .where(eq(confessionReactions.userId, userId)),
  );
  await tx.delete(confessionReactions).where(eq(confessionReactions.userId, userId));

  await tx
    .update(confessions)
    .set({ authorId: null, removalDueAt: dueAt })
    .from(dueOf(posts, comments.length + reactions.length))
    .where(eq(confessions.id, sql`${DUE}."id"`));
  await tx.update(confessionPseudonyms).set({ userId: null }).where(eq(confessionPseudonyms.userId, userId));
  return items.length;
}

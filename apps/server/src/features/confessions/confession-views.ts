import {
  CONFESSION_REACTIONS,
  type ConfessionCounts,
  type ConfessionReaction,
  type ConfessionReactionCounts,
  type ConfessionView,
} from "@heartline/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import {
  confessionComments,
  confessionDepartingReactions,
  confessionReactions,
  type confessions,
} from "../../db/schema";
import { commentShown, departingReactionShown } from "./shown-now";

export type ConfessionRow = typeof confessions.$inferSelect;

export function emptyReactionCounts(): ConfessionReactionCounts {
  return Object.fromEntries(CONFESSION_REACTIONS.map((emoji) => [emoji, 0])) as ConfessionReactionCounts;
}

/**
 * The counts of some confessions, each `count(*)` over the rows as they are now (never a stored
 * number: exact under concurrent taps and when rows go). A deleted account's reactions and comments
 * count until their own moment (ADR 0014).
 */
export async function readCounts(db: Database, ids: string[]): Promise<Map<string, ConfessionCounts>> {
  const counts = new Map<string, ConfessionCounts>(
    ids.map((id) => [id, { id, reactions: emptyReactionCounts(), commentCount: 0 }]),
  );
  if (ids.length === 0) return counts;
  const departing = confessionDepartingReactions;
  const [reactionRows, departingRows, commentRows] = await Promise.all([
    db
      .select({
        confessionId: confessionReactions.confessionId,
        emoji: confessionReactions.emoji,
        count: sql<number>`count(*)::int`,
      })
      .from(confessionReactions)
      .where(inArray(confessionReactions.confessionId, ids))
      .groupBy(confessionReactions.confessionId, confessionReactions.emoji),
    db
      .select({
        confessionId: departing.confessionId,
        emoji: departing.emoji,
        count: sql<number>`count(*)::int`,
      })
      .from(departing)
      .where(and(inArray(departing.confessionId, ids), departingReactionShown()))
      .groupBy(departing.confessionId, departing.emoji),
    db
      .select({ confessionId: confessionComments.confessionId, count: sql<number>`count(*)::int` })
      .from(confessionComments)
      .where(and(inArray(confessionComments.confessionId, ids), commentShown()))
      .groupBy(confessionComments.confessionId),
  ]);
  for (const row of [...reactionRows, ...departingRows]) {
    const entry = counts.get(row.confessionId);
    if (entry && Object.hasOwn(entry.reactions, row.emoji)) entry.reactions[row.emoji] += row.count;
  }
  for (const row of commentRows) {
    const entry = counts.get(row.confessionId);
    if (entry) entry.commentCount = row.count;
  }
  return counts;
}

export async function countsOf(db: Database, id: string): Promise<ConfessionCounts> {
  const counts = await readCounts(db, [id]);
  return counts.get(id) ?? { id, reactions: emptyReactionCounts(), commentCount: 0 };
}

/** Rows as one viewer sees them: no author, only whether it is the viewer's own and their reaction. */
export async function toViews(
  db: Database,
  rows: ConfessionRow[],
  viewerId: string,
): Promise<ConfessionView[]> {
  const ids = rows.map((row) => row.id);
  const [counts, mine] = await Promise.all([
    readCounts(db, ids),
    ids.length === 0
      ? []
      : db
          .select({ confessionId: confessionReactions.confessionId, emoji: confessionReactions.emoji })
          .from(confessionReactions)
          .where(
            and(inArray(confessionReactions.confessionId, ids), eq(confessionReactions.userId, viewerId)),
          ),
  ]);
  const myReactions = new Map<string, ConfessionReaction>(mine.map((row) => [row.confessionId, row.emoji]));
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    contentWarning: row.contentWarning,
    createdAt: row.createdAt.getTime(),
    isOwn: row.authorId === viewerId,
    myReaction: myReactions.get(row.id) ?? null,
    reactions: counts.get(row.id)?.reactions ?? emptyReactionCounts(),
    commentCount: counts.get(row.id)?.commentCount ?? 0,
  }));
}

export async function toView(db: Database, row: ConfessionRow, viewerId: string): Promise<ConfessionView> {
  const [view] = await toViews(db, [row], viewerId);
  if (!view) throw new Error("a view of one row is one view");
  return view;
}

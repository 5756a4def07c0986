import type { ConfessionFeedQuery, ConfessionPage, ConfessionSort } from "@heartline/shared";
import { and, desc, getTableColumns, gte, sql } from "drizzle-orm";
import { confessionDepartingReactions, confessionReactions, confessions } from "../../db/schema";
import { type ConfessionRow, toViews } from "./confession-views";
import type { ConfessionsDeps } from "./confessions-deps";
import { decodeCursor, encodeCursor } from "./feed-cursor";
import { confessionShown, departingReactionShown } from "./shown-now";

const DAY_MS = 24 * 60 * 60 * 1_000;
const TOP_WINDOW_MS: Record<Exclude<ConfessionSort, "new">, number> = {
  "top-day": DAY_MS,
  "top-week": 7 * DAY_MS,
};

/**
 * `GET /api/confessions` (issue #13): newest first in keyset pages on (created_at, id), never OFFSET;
 * or "top" — the confessions posted in the last day or week by their total reactions, keyset on
 * (score, created_at, id). A top page's scores are read when it is served: a confession whose score
 * changes between two pages may show twice or be skipped, which a live ranking accepts. What a
 * deleted account left is read as the rest until its own moment (ADR 0014).
 */
export async function readFeed(options: {
  deps: Pick<ConfessionsDeps, "db" | "clock">;
  viewerId: string;
  query: ConfessionFeedQuery;
}): Promise<ConfessionPage> {
  const { deps, viewerId, query } = options;
  const { db } = deps;
  const cursor = decodeCursor(query.sort, query.cursor);
  let rows: Array<ConfessionRow & { score: number }>;
  if (query.sort === "new") {
    const after = cursor
      ? sql`(${confessions.createdAt}, ${confessions.id}) < (${new Date(cursor.createdAtMs)}, ${cursor.id}::uuid)`
      : undefined;
    const newest = await db
      .select()
      .from(confessions)
      .where(and(after, confessionShown()))
      .orderBy(desc(confessions.createdAt), desc(confessions.id))
      .limit(query.limit + 1);
    rows = newest.map((row) => ({ ...row, score: 0 }));
  } else {
    const since = new Date(deps.clock() - TOP_WINDOW_MS[query.sort]);
    const scored = db
      .select({
        ...getTableColumns(confessions),
        score:
          sql<number>`(select count(*)::int from ${confessionReactions} where ${confessionReactions.confessionId} = ${confessions.id}) + (select count(*)::int from ${confessionDepartingReactions} where ${confessionDepartingReactions.confessionId} = ${confessions.id} and ${departingReactionShown()})`.as(
            "score",
          ),
      })
      .from(confessions)
      .where(and(gte(confessions.createdAt, since), confessionShown()))
      .as("scored");
    const after = cursor
      ? sql`(${scored.score}, ${scored.createdAt}, ${scored.id}) < (${cursor.score}, ${new Date(cursor.createdAtMs)}, ${cursor.id}::uuid)`
      : undefined;
    rows = await db
      .select()
      .from(scored)
      .where(after)
      .orderBy(desc(scored.score), desc(scored.createdAt), desc(scored.id))
      .limit(query.limit + 1);
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(query.sort, { score: last.score, createdAtMs: last.createdAt.getTime(), id: last.id })
      : null;
  return { confessions: await toViews(db, page, viewerId), sort: query.sort, nextCursor };
}

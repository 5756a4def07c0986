import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { pageViewDaily } from "../../db/schema";

/** Distinct paths counted per day; views of further new paths are counted under `OTHER_PATHS`. */
export const MAX_DISTINCT_PATHS_PER_DAY = 200;
/** Where the views of paths beyond the daily cap go. */
export const OTHER_PATHS = "/(other)";
/** Daily counters older than this are deleted (about 13 months: a year-on-year comparison). */
export const PAGE_VIEW_RETENTION_DAYS = 400;

export interface RecordPageViewOptions {
  db: Database;
  path: string;
  now?: Date;
  maxDistinctPathsPerDay?: number;
}

/**
 * Adds one view to the path's counter for the current UTC day; nothing about the visitor is kept.
 * Ids in a path are folded (`/profile/:id`), and once a day holds `maxDistinctPathsPerDay` paths, a new
 * one is counted as `/(other)`: the table grows by a bounded number of rows a day, whatever is sent.
 */
export async function recordPageView({
  db,
  path,
  now = new Date(),
  maxDistinctPathsPerDay = MAX_DISTINCT_PATHS_PER_DAY,
}: RecordPageViewOptions): Promise<void> {
  const day = dayOf(now);
  const folded = foldIds(path);
  const counted = (await isCountedPath(db, day, folded, maxDistinctPathsPerDay)) ? folded : OTHER_PATHS;
  await db
    .insert(pageViewDaily)
    .values({ path: counted, day, views: 1 })
    .onConflictDoUpdate({
      target: [pageViewDaily.path, pageViewDaily.day],
      set: { views: sql`${pageViewDaily.views} + 1` },
    });
}

async function isCountedPath(db: Database, day: string, path: string, max: number): Promise<boolean> {
  const [existing] = await db
    .select({ views: pageViewDaily.views })
    .from(pageViewDaily)
    .where(and(eq(pageViewDaily.day, day), eq(pageViewDaily.path, path)))
    .limit(1);
  if (existing) return true;
  const [row] = await db.select({ paths: count() }).from(pageViewDaily).where(eq(pageViewDaily.day, day));
  // One slot stays free for `/(other)` itself.
  return (row?.paths ?? 0) < max - 1;
}

/** Path segments that name one thing (a uuid, a number, a long token) become `:id`. */
export function foldIds(path: string): string {
  return path
    .split("/")
    .map((segment) => (/^\d+$/.test(segment) || /^(?=.*\d)[\w-]{16,}$/.test(segment) ? ":id" : segment))
    .join("/");
}

/** Deletes daily counters past the retention window; returns how many rows went. */
export async function prunePageViews(options: {
  db: Database;
  now?: Date;
  retentionDays?: number;
}): Promise<number> {
  const now = options.now ?? new Date();
  const oldest = new Date(now.getTime() - (options.retentionDays ?? PAGE_VIEW_RETENTION_DAYS) * 86_400_000);
  const deleted = await options.db
    .delete(pageViewDaily)
    .where(lt(pageViewDaily.day, dayOf(oldest)))
    .returning({ path: pageViewDaily.path });
  return deleted.length;
}

function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

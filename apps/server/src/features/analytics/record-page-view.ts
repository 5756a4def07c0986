import { sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { pageViewDaily } from "../../db/schema";

export interface RecordPageViewOptions {
  db: Database;
  path: string;
  now?: Date;
}

/** Adds one view to the path's counter for the current UTC day; nothing about the visitor is kept. */
export async function recordPageView({ db, path, now = new Date() }: RecordPageViewOptions): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(pageViewDaily)
    .values({ path, day, views: 1 })
    .onConflictDoUpdate({
      target: [pageViewDaily.path, pageViewDaily.day],
      set: { views: sql`${pageViewDaily.views} + 1` },
    });
}

import {
  type AdminReportTarget,
  type AdminReportTargetPage,
  REPORT_TARGET_REPORTS_SHOWN,
  type ReportTargetQuery,
} from "@heartline/shared";
import { and, desc, eq, getTableColumns, inArray, lte, type SQL, sql } from "drizzle-orm";
import { reports, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { publicName } from "../profiles/index";
import type { ModerationDeps } from "./moderation-deps";
import { toAdminReport } from "./resolve-report";

/** Microseconds since the epoch of a group's newest report: exact, unlike a JS date's milliseconds. */
const newestMicros = sql`(extract(epoch from max(${reports.createdAt})) * 1000000)::bigint`;

interface Cursor {
  micros: string;
  targetId: string;
}

function parseCursor(cursor: string | undefined): Cursor | null {
  if (cursor === undefined) return null;
  const dot = cursor.indexOf(".");
  const micros = cursor.slice(0, dot);
  const targetId = cursor.slice(dot + 1);
  if (dot < 1 || !/^\d{1,20}$/.test(micros) || targetId === "") throw new AppError("bad_request");
  return { micros, targetId };
}

/**
 * The report queue grouped by reported user (one row per user with the count, the newest reason and
 * the newest reports' snapshots), newest activity first, in keyset pages on (newest report, user id):
 * a flood of reports about one user is one row, and every older row stays reachable.
 */
export async function listReportTargets({
  deps,
  query,
}: {
  deps: Pick<ModerationDeps, "db">;
  query: ReportTargetQuery;
}): Promise<AdminReportTargetPage> {
  const { db } = deps;
  const cursor = parseCursor(query.cursor);
  const after: SQL | undefined = cursor
    ? sql`(${newestMicros}, ${reports.targetId}) < (${cursor.micros}::bigint, ${cursor.targetId})`
    : undefined;
  const groups = await db
    .select({
      targetId: reports.targetId,
      count: sql<number>`count(*)::int`,
      key: sql<string>`${newestMicros}::text`,
    })
    .from(reports)
    .where(eq(reports.status, query.status))
    .groupBy(reports.targetId)
    .having(after)
    .orderBy(desc(newestMicros), desc(reports.targetId))
    .limit(query.limit + 1);
  const page = groups.slice(0, query.limit);
  if (page.length === 0) return { targets: [], nextCursor: null };

  const targetIds = page.map((group) => group.targetId);
  const ranked = db
    .select({
      ...getTableColumns(reports),
      rank: sql<number>`row_number() over (partition by ${reports.targetId} order by ${reports.createdAt} desc, ${reports.id} desc)`.as(
        "rank",
      ),
    })
    .from(reports)
    .where(and(eq(reports.status, query.status), inArray(reports.targetId, targetIds)))
    .as("ranked");
  const newest = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, REPORT_TARGET_REPORTS_SHOWN))
    .orderBy(desc(ranked.createdAt));
  const peopleIds = [...new Set(newest.flatMap((row) => [row.reporterId, row.targetId]))];
  const people = await db.select().from(user).where(inArray(user.id, peopleIds));
  const names = new Map(people.map((person) => [person.id, publicName(person)]));

  const targets = page.map((group): AdminReportTarget => {
    const shown = newest
      .filter((row) => row.targetId === group.targetId)
      .map((row) => toAdminReport(row, names));
    const [first] = shown;
    return {
      targetId: group.targetId,
      targetUsername: names.get(group.targetId) ?? null,
      count: group.count,
      newestAt: first?.createdAt ?? 0,
      newestReason: first?.reason ?? "",
      reports: shown,
    };
  });
  const last = page.at(-1);
  const nextCursor = groups.length > query.limit && last ? `${last.key}.${last.targetId}` : null;
  return { targets, nextCursor };
}

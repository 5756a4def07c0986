import {
  type AdminReportTarget,
  type AdminReportTargetPage,
  AUTOMOD_PRIORITY_HITS,
  AUTOMOD_REPEAT_REASON,
  AUTOMOD_REPORTER_ID,
  REPORT_TARGET_REPORTS_SHOWN,
  type ReportTargetQuery,
} from "@heartline/shared";
import { and, desc, eq, getTableColumns, inArray, lte, type SQL, sql } from "drizzle-orm";
import { reports, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { ModerationDeps } from "./moderation-deps";
import { reportPeople, toAdminReport } from "./resolve-report";

/** Microseconds since the epoch of a group's newest report: exact, unlike a JS date's milliseconds. */
const newestMicros = sql`(extract(epoch from max(${reports.createdAt})) * 1000000)::bigint`;

/** How many of a group's reports AutoMod filed (its flags and automatic mutes, issue #15). */
const automaticHits = sql<number>`(count(*) filter (where ${reports.reporterId} = ${AUTOMOD_REPORTER_ID}))::int`;
/**
 * 1 for a user with repeated AutoMod hits (issue #15: they raise the item's priority), else 0: the
 * queue's first sort key.
 */
const priorityTier = sql<number>`(case when ${automaticHits} >= ${AUTOMOD_PRIORITY_HITS} or bool_or(${reports.reason} = ${AUTOMOD_REPEAT_REASON}) then 1 else 0 end)`;

interface Cursor {
  tier: string;
  micros: string;
  targetId: string;
}

/** `tier.micros.targetId` (a user id may itself hold dots: everything after the second dot). */
function parseCursor(cursor: string | undefined): Cursor | null {
  if (cursor === undefined) return null;
  const match = /^([01])\.(\d{1,20})\.(.+)$/s.exec(cursor);
  if (!match?.[1] || !match[2] || !match[3]) throw new AppError("bad_request");
  return { tier: match[1], micros: match[2], targetId: match[3] };
}

/**
 * The report queue grouped by reported user (one row per user with the count, the newest reason and
 * the newest reports' snapshots): users with repeated AutoMod hits first, then newest activity, in
 * keyset pages on (priority, newest report, user id), one query per page of groups: a flood of reports
 * about one user is one row, and every older row stays reachable.
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
    ? sql`(${priorityTier}, ${newestMicros}, ${reports.targetId}) < (${cursor.tier}::int, ${cursor.micros}::bigint, ${cursor.targetId})`
    : undefined;
  const groups = await db
    .select({
      targetId: reports.targetId,
      count: sql<number>`count(*)::int`,
      automaticHits,
      tier: priorityTier,
      key: sql<string>`${newestMicros}::text`,
    })
    .from(reports)
    .where(eq(reports.status, query.status))
    .groupBy(reports.targetId)
    .having(after)
    .orderBy(desc(priorityTier), desc(newestMicros), desc(reports.targetId))
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
  const names = reportPeople(people);

  const targets = page.map((group): AdminReportTarget => {
    const shown = newest
      .filter((row) => row.targetId === group.targetId)
      .map((row) => toAdminReport(row, names));
    const [first] = shown;
    return {
      targetId: group.targetId,
      targetUsername: names.get(group.targetId)?.name ?? null,
      targetAccount: names.get(group.targetId)?.account ?? "none",
      count: group.count,
      automaticHits: group.automaticHits,
      priority: Number(group.tier) === 1,
      newestAt: first?.createdAt ?? 0,
      newestReason: first?.reason ?? "",
      reports: shown,
    };
  });
  const last = page.at(-1);
  const nextCursor = groups.length > query.limit && last ? `${last.tier}.${last.key}.${last.targetId}` : null;
  return { targets, nextCursor };
}

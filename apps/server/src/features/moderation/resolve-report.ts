import {
  type AdminReportRecord,
  AUTOMOD_REPORTER_ID,
  AUTOMOD_REPORTER_NAME,
  GROUP_ERROR_MESSAGES,
  MODERATION_LIST_LIMIT,
  type ReportActionInput,
  type ReportPersonAccount,
} from "@heartline/shared";
import { desc, eq, inArray } from "drizzle-orm";
import { reports, user } from "../../db/schema";
import type { ReportStatus } from "../../db/schema/reports";
import { AppError } from "../../errors/app-error";
import { publicName } from "../../social/index";
import { findUserById, type UserRow } from "../accounts/index";
import { banUser } from "./ban-user";
import type { ModerationDeps } from "./moderation-deps";
import { muteUser } from "./mute-user";

type ReportRow = typeof reports.$inferSelect;

/** A report's people as the queue names them (issue #38): their public name and what account they have. */
export type ReportPeople = Map<string, { name: string; account: ReportPersonAccount }>;

export function reportPeople(rows: readonly UserRow[]): ReportPeople {
  return new Map(
    rows.map((person) => [
      person.id,
      {
        name: publicName(person),
        account: person.isGuest || person.isAnonymous ? ("guest" as const) : ("registered" as const),
      },
    ]),
  );
}

/** The report queue, newest first. */
export async function listReports({
  deps,
  status,
}: {
  deps: ModerationDeps;
  status: ReportStatus;
}): Promise<AdminReportRecord[]> {
  const rows = await deps.db
    .select()
    .from(reports)
    .where(eq(reports.status, status))
    .orderBy(desc(reports.createdAt))
    .limit(MODERATION_LIST_LIMIT);
  const ids = [...new Set(rows.flatMap((row) => [row.reporterId, row.targetId]))];
  const people = ids.length === 0 ? [] : await deps.db.select().from(user).where(inArray(user.id, ids));
  const names = reportPeople(people);
  return rows.map((row) => toAdminReport(row, names));
}

export function toAdminReport(row: ReportRow, people: ReportPeople): AdminReportRecord {
  const reporter = people.get(row.reporterId);
  const target = people.get(row.targetId);
  return {
    id: row.id,
    reporterId: row.reporterId,
    // Issue #15: automatic flags name AutoMod as their reporter (no user row).
    reporterUsername:
      reporter?.name ?? (row.reporterId === AUTOMOD_REPORTER_ID ? AUTOMOD_REPORTER_NAME : null),
    reporterAccount: reporter?.account ?? "none",
    targetId: row.targetId,
    targetUsername: target?.name ?? null,
    targetAccount: target?.account ?? "none",
    context: row.context,
    reason: row.reason,
    details: row.details,
    messageId: row.messageId,
    snapshot: row.snapshot,
    status: row.status,
    createdAt: row.createdAt.getTime(),
  };
}

async function reportById(deps: ModerationDeps, id: string): Promise<ReportRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("not_found", GROUP_ERROR_MESSAGES.reportNotFound);
  const [row] = await deps.db.select().from(reports).where(eq(reports.id, id));
  if (!row) throw new AppError("not_found", GROUP_ERROR_MESSAGES.reportNotFound);
  return row;
}

async function setStatus(deps: ModerationDeps, id: string, status: ReportStatus): Promise<AdminReportRecord> {
  const [row] = await deps.db.update(reports).set({ status }).where(eq(reports.id, id)).returning();
  if (!row) throw new AppError("not_found", GROUP_ERROR_MESSAGES.reportNotFound);
  const [reporter, target] = await Promise.all([
    findUserById(deps.db, row.reporterId),
    findUserById(deps.db, row.targetId),
  ]);
  return toAdminReport(row, reportPeople([reporter, target].filter((person) => person !== undefined)));
}

export async function dismissReport({
  deps,
  id,
}: {
  deps: ModerationDeps;
  id: string;
}): Promise<AdminReportRecord> {
  await reportById(deps, id);
  return setStatus(deps, id, "dismissed");
}

/** An admin acts on a report: bans or mutes the reported user, or deletes the reported message. */
export async function actOnReport(options: {
  deps: ModerationDeps;
  admin: UserRow;
  id: string;
  input: ReportActionInput;
}): Promise<AdminReportRecord> {
  const { deps, admin, id, input } = options;
  const report = await reportById(deps, id);
  if (input.action === "delete-message") {
    if (!report.messageId) throw new AppError("bad_request", GROUP_ERROR_MESSAGES.messageNotFound);
    if (report.context === "confession") await deps.confessions.removeReported(report.messageId);
    else await deps.groupMessages.deleteForEveryone(report.messageId);
  } else {
    // The report's stored user id, never a name: a display name can be anyone's (spec §5).
    const moderation = { deps, admin, input: { userId: report.targetId, reason: input.reason } };
    if (input.action === "ban") await banUser(moderation);
    else await muteUser(moderation);
  }
  return setStatus(deps, id, "actioned");
}

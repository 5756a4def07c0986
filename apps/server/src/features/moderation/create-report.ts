import {
  type CreateReportInput,
  GROUP_ERROR_MESSAGES,
  type ReportSnapshotMessage,
  SERVER_MESSAGES,
} from "@heartline/shared";
import { reports } from "../../db/schema";
import type { ReportContext } from "../../db/schema/reports";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { findUserById, type UserRow } from "../accounts/index";
import type { ModerationDeps } from "./moderation-deps";

export interface FileReportInput {
  reporterId: string;
  targetId: string;
  context: ReportContext;
  reason: string;
  details?: string | undefined;
  messageId?: string | null;
  /** The reporter's browser (device id cookie) and address, each with its own limit when known. */
  deviceId?: string | null | undefined;
  ip?: string | null | undefined;
  /** Read only once the report is allowed (a refused report costs no snapshot). */
  snapshot: () => Promise<ReportSnapshotMessage[]>;
}

export interface FileReportOptions {
  deps: Pick<ModerationDeps, "db" | "reportLimiters">;
  input: FileReportInput;
}

/**
 * Every report goes through here, from any feature (the group's report modal, the random chat's
 * `report_partner`): one limit per reporter (ARCHITECTURE §7), one per browser and one per address (a
 * fresh guest per report, or many browsers behind one address, cannot flood the queue), and one table
 * for the moderators.
 */
export async function fileReport({ deps, input }: FileReportOptions): Promise<{ reportId: string }> {
  const limiters = deps.reportLimiters;
  await consumeOrThrow(limiters.perReporter, input.reporterId, SERVER_MESSAGES.tooManyReports);
  if (input.deviceId)
    await consumeOrThrow(limiters.perDevice, input.deviceId, SERVER_MESSAGES.tooManyReports);
  if (input.ip) await consumeOrThrow(limiters.perIp, input.ip, SERVER_MESSAGES.tooManyReports);
  const snapshot = await input.snapshot();
  const [report] = await deps.db
    .insert(reports)
    .values({
      reporterId: input.reporterId,
      targetId: input.targetId,
      context: input.context,
      reason: input.reason,
      details: input.details || null,
      messageId: input.messageId ?? null,
      snapshot,
    })
    .returning({ id: reports.id });
  if (!report) throw new AppError("internal");
  return { reportId: report.id };
}

export interface CreateReportOptions {
  deps: ModerationDeps;
  reporter: UserRow;
  input: CreateReportInput;
  deviceId: string | null;
  ip: string;
}

/**
 * The user-report modal (spec §2) for a user or one of their group messages. The server stores a
 * snapshot of the reported user's latest group messages (with the chosen one) as it has them, so the
 * report does not depend on what the reporter's client shows.
 */
export async function createReport({ deps, reporter, input, deviceId, ip }: CreateReportOptions) {
  if (input.targetUserId === reporter.id)
    throw new AppError("bad_request", GROUP_ERROR_MESSAGES.cannotReportSelf);
  const target = await findUserById(deps.db, input.targetUserId);
  if (!target) throw new AppError("not_found", GROUP_ERROR_MESSAGES.userNotFound);
  return fileReport({
    deps,
    input: {
      reporterId: reporter.id,
      targetId: target.id,
      context: "group",
      reason: input.reason,
      details: input.details,
      messageId: input.messageId ?? null,
      deviceId,
      ip,
      snapshot: () => deps.groupMessages.snapshotOf(target.id, input.messageId),
    },
  });
}

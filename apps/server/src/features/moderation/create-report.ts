import {
  type ChatMessage,
  type CreateReportInput,
  GROUP_ERROR_MESSAGES,
  GROUP_REPORT_SNAPSHOT_SIZE,
  SERVER_MESSAGES,
} from "@heartline/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import { groupMessages, reports } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { ModerationDeps } from "./moderation-deps";
import { findUserById, type UserRow } from "./moderation-identity";

export interface CreateReportOptions {
  deps: ModerationDeps;
  reporter: UserRow;
  input: CreateReportInput;
}

/**
 * The user-report modal (spec §2) for a user or one of their group messages. The server stores a
 * snapshot of the reported user's latest group messages (with the chosen one) as it has them, so the
 * report does not depend on what the reporter's client shows.
 */
export async function createReport({
  deps,
  reporter,
  input,
}: CreateReportOptions): Promise<{ reportId: string }> {
  if (input.targetUserId === reporter.id)
    throw new AppError("bad_request", GROUP_ERROR_MESSAGES.cannotReportSelf);
  const target = await findUserById(deps.db, input.targetUserId);
  if (!target) throw new AppError("not_found", GROUP_ERROR_MESSAGES.userNotFound);
  await consumeOrThrow(deps.reportLimiter, reporter.id, SERVER_MESSAGES.tooManyReports);

  const latest = await deps.db
    .select()
    .from(groupMessages)
    .where(and(eq(groupMessages.senderId, target.id), isNull(groupMessages.deletedAt)))
    .orderBy(desc(groupMessages.seq))
    .limit(GROUP_REPORT_SNAPSHOT_SIZE);
  let rows = latest;
  if (input.messageId) {
    const [chosen] = await deps.db.select().from(groupMessages).where(eq(groupMessages.id, input.messageId));
    if (!chosen || chosen.senderId !== target.id) {
      throw new AppError("bad_request", GROUP_ERROR_MESSAGES.messageNotFound);
    }
    if (!latest.some((row) => row.id === chosen.id)) rows = [chosen, ...latest];
  }
  const snapshot: ChatMessage[] = rows
    .sort((a, b) => a.seq - b.seq)
    .map((row) => ({
      id: row.id,
      content: row.content,
      senderId: row.senderId,
      timestamp: row.createdAt.getTime(),
      type: row.type,
    }));
  const [report] = await deps.db
    .insert(reports)
    .values({
      reporterId: reporter.id,
      targetId: target.id,
      context: "group",
      reason: input.reason,
      details: input.details || null,
      messageId: input.messageId ?? null,
      snapshot,
    })
    .returning({ id: reports.id });
  if (!report) throw new AppError("internal");
  return { reportId: report.id };
}

import {
  CONFESSION_ERROR_MESSAGES,
  GROUP_ERROR_MESSAGES,
  type ReportConfessionInput,
  type ReportSnapshotMessage,
} from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { confessionComments, confessions } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { ConfessionsDeps } from "./confessions-deps";
import { commentShown, confessionShown } from "./shown-now";

/**
 * The report target of content whose account was deleted (ADR 0014): a report of it looks like any
 * other to the reporter (refusing it would tell them the author is gone), and names nobody to admins.
 */
export const DELETED_AUTHOR_TARGET = "deleted-account";

export interface ReportConfessionOptions {
  deps: Pick<ConfessionsDeps, "db" | "moderation">;
  reporterId: string;
  confessionId: string;
  /** A comment of the confession, or the confession itself when absent. */
  commentId?: string;
  input: ReportConfessionInput;
  deviceId: string | null;
  ip: string;
}

/**
 * Reports a confession or a comment into the admin report queue (context "confession"): the target is
 * the author's id, found here on the server (the reporter never learns it), and the snapshot is the
 * reported text as stored now. The one report limit per reporter, browser and address applies.
 */
export async function reportConfession(options: ReportConfessionOptions): Promise<{ reportId: string }> {
  const { deps, reporterId, confessionId, commentId, input } = options;
  const reported = commentId
    ? (
        await deps.db
          .select()
          .from(confessionComments)
          .where(
            and(
              eq(confessionComments.id, commentId),
              eq(confessionComments.confessionId, confessionId),
              commentShown(),
            ),
          )
      )[0]
    : (
        await deps.db
          .select()
          .from(confessions)
          .where(and(eq(confessions.id, confessionId), confessionShown()))
      )[0];
  if (!reported) {
    const message = commentId
      ? CONFESSION_ERROR_MESSAGES.commentNotFound
      : CONFESSION_ERROR_MESSAGES.notFound;
    throw new AppError("not_found", message);
  }
  if (reported.authorId === reporterId)
    throw new AppError("bad_request", GROUP_ERROR_MESSAGES.cannotReportSelf);
  const targetId = reported.authorId ?? DELETED_AUTHOR_TARGET;
  // The type tells the admin queue what the report names (a post, or a comment on one).
  const snapshot: ReportSnapshotMessage = {
    id: reported.id,
    content: reported.content,
    senderId: targetId,
    timestamp: reported.createdAt.getTime(),
    type: commentId ? "confession-comment" : "confession",
  };
  return deps.moderation.fileReport({
    reporterId,
    targetId,
    context: "confession",
    reason: input.reason,
    details: input.details,
    messageId: reported.id,
    deviceId: options.deviceId,
    ip: options.ip,
    snapshot: async () => [snapshot],
  });
}

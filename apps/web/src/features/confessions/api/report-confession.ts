import { CONFESSION_PATHS, type ReportConfessionInput } from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";

/** What a wall report is about: a confession, or one comment under it. */
export interface ConfessionReportSubject {
  confessionId: string;
  commentId?: string;
  /** Shown in the dialog so the reporter sees what they report. */
  content: string;
}

/** Into the admin report queue with a snapshot the server takes. */
export function reportConfession(
  subject: ConfessionReportSubject,
  input: ReportConfessionInput,
): Promise<{ reportId: string }> {
  const path = subject.commentId
    ? CONFESSION_PATHS.commentReport(subject.confessionId, subject.commentId)
    : CONFESSION_PATHS.report(subject.confessionId);
  return apiRequest<{ reportId: string }>(path, { method: "POST", json: input });
}

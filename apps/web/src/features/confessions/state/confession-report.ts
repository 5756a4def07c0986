import type { AdminReportRecord } from "@heartline/shared";

export type ConfessionReportKind = "post" | "comment" | "unknown";

export interface ConfessionReportSummary {
  kind: ConfessionReportKind;
  /** The reported text as the server kept it at report time (null when no snapshot was kept). */
  text: string | null;
}

/**
 * What a report with context "confession" names: the server marks the snapshot's `type` "confession"
 * for a post and "confession-comment" for a comment; a report filed before that reads as a neutral
 * "Remove from wall".
 */
export function summarizeConfessionReport(report: AdminReportRecord): ConfessionReportSummary {
  const reported = report.snapshot.find((message) => message.id === report.messageId) ?? report.snapshot[0];
  const type = reported?.type.toLowerCase() ?? "";
  const kind: ConfessionReportKind = type.includes("comment")
    ? "comment"
    : type.includes("confession")
      ? "post"
      : "unknown";
  return { kind, text: reported?.content ?? null };
}

export const REMOVE_LABELS: Record<ConfessionReportKind, string> = {
  post: "Remove post",
  comment: "Remove comment",
  unknown: "Remove from wall",
};

import {
  AUTOMOD_FLAG_REASON,
  AUTOMOD_REPORTER_ID,
  type AutomodSurface,
  type ReportSnapshotMessage,
} from "@heartline/shared";
import type { Database } from "../../db/create-database";
import { reports } from "../../db/schema";
import type { ReportContext } from "../../db/schema/reports";

export type MessageSurface = Exclude<AutomodSurface, "username">;

/** The report queue's context of each surface (admins filter and act by it). */
export const REPORT_CONTEXT_OF: Record<MessageSurface, ReportContext> = {
  group: "group",
  random: "random-chat",
  dm: "dm",
  confession: "confession",
};

export interface AutomaticReport {
  surface: MessageSurface;
  authorId: string;
  /** Null for an image refused at upload (no message, nothing stored). */
  messageId: string | null;
  content: string;
  /** The snapshot's message type (default `text`; `image` for an image flag). */
  type?: string;
  ruleName: string;
  matched: string;
  at: number;
  /** Defaults to the automatic flag; a user's review request files under its own reason. */
  reason?: string;
  reporterId?: string;
  note?: string;
}

/**
 * Files an automatic report beside human ones (issue #15): reporter "AutoMod", the rule and the
 * matched text in the details, the message in the snapshot. No per-reporter limit: AutoMod is not a
 * person, and each flag is one message somebody sent (which has its own limits).
 */
export async function fileAutomaticReport(db: Database, report: AutomaticReport): Promise<string> {
  const snapshot: ReportSnapshotMessage[] = [
    {
      id: report.messageId ?? "",
      content: report.content,
      senderId: report.authorId,
      timestamp: report.at,
      type: report.type ?? "text",
    },
  ];
  const details = `Rule “${report.ruleName}” matched “${report.matched}”.${report.note ? ` ${report.note}` : ""}`;
  const [row] = await db
    .insert(reports)
    .values({
      reporterId: report.reporterId ?? AUTOMOD_REPORTER_ID,
      targetId: report.authorId,
      context: REPORT_CONTEXT_OF[report.surface],
      reason: report.reason ?? AUTOMOD_FLAG_REASON,
      details,
      messageId: report.messageId,
      snapshot,
      createdAt: new Date(report.at),
    })
    .returning({ id: reports.id });
  if (!row) throw new Error("automatic report not stored");
  return row.id;
}

import {
  type AdminReportRecord,
  type AdminReportTarget,
  AUTOMOD_FLAG_REASON,
  AUTOMOD_REASON_LABELS,
  REPORT_REASON_LABELS,
  type ReportReason,
} from "@heartline/shared";
import { useState } from "react";
import { lazyDateTimeFormat } from "../../../lib/lazy-intl";
import { Button } from "../../../ui/button";
import { ConfessionReportDetails } from "../../confessions";
import type { ReportQueueAction } from "../api/reports";
import { moderationScope, reportPersonName } from "./report-person";

const DATE = lazyDateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function reasonLabel(reason: string): string {
  if (Object.hasOwn(REPORT_REASON_LABELS, reason)) return REPORT_REASON_LABELS[reason as ReportReason];
  return AUTOMOD_REASON_LABELS[reason] ?? reason;
}

export interface ReportQueueProps {
  /** One row per reported user (the server groups them). */
  targets: readonly AdminReportTarget[] | undefined;
  error: string | null;
  busyId: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onDismiss: (report: AdminReportRecord) => void;
  onAct: (report: AdminReportRecord, action: ReportQueueAction) => void;
}

/**
 * spec §6 The report queue, one row per reported user: how many reports, the newest reason, and the
 * newest reports with their stored snapshots. Ban and mute act on the user the reports name (by id);
 * each report can be dismissed, or its message deleted. Older rows come with 'Load more'.
 */
export function ReportQueue(props: ReportQueueProps) {
  const { targets, error, hasMore, isLoadingMore, onLoadMore } = props;
  if (error) {
    return (
      <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
        {error}
      </p>
    );
  }
  if (targets && targets.length === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No open reports. All clear.</p>;
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {targets?.map((target) => (
          <ReportTargetRow key={target.targetId} target={target} {...props} />
        ))}
      </ul>
      {hasMore ? (
        <Button variant="secondary" size="sm" disabled={isLoadingMore} onClick={onLoadMore}>
          {isLoadingMore ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}

interface ReportTargetRowProps extends ReportQueueProps {
  target: AdminReportTarget;
}

function ReportTargetRow({ target, busyId, onDismiss, onAct }: ReportTargetRowProps) {
  // A confession's author stays anonymous, even here, until an admin chooses to see them (issue #13).
  const [isAuthorShown, setAuthorShown] = useState(false);
  const isAnonymous = !isAuthorShown && target.reports.every((report) => report.context === "confession");
  const name = isAnonymous ? "Anonymous author" : reportPersonName(target.targetUsername, target.targetId);
  const canModerate = target.targetAccount !== "none";
  const [newest] = target.reports;
  const isBusy = target.reports.some((report) => report.id === busyId);
  return (
    <li data-testid="report" className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold">{name}</span>
          <span className="text-zinc-500 dark:text-zinc-400">
            {" "}
            · {target.count} {target.count === 1 ? "report" : "reports"}
          </span>
          {target.priority ? (
            <span
              data-testid="report-priority"
              className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
            >
              Priority: repeated AutoMod hits ({target.automaticHits} automatic)
            </span>
          ) : null}
        </p>
        <time
          className="text-xs text-zinc-500 dark:text-zinc-400"
          dateTime={new Date(target.newestAt).toISOString()}
        >
          {DATE.format(target.newestAt)}
        </time>
      </div>
      <p className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-300">
        {reasonLabel(target.newestReason)}
      </p>
      {isAnonymous ? null : (
        <p data-testid="report-scope" className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {moderationScope(target.targetAccount, name, target.targetId)}
        </p>
      )}
      {newest && canModerate ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" disabled={isBusy} onClick={() => onAct(newest, "ban")} aria-label={`Ban ${name}`}>
            Ban
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            onClick={() => onAct(newest, "mute")}
            aria-label={`Mute ${name}`}
          >
            Mute
          </Button>
        </div>
      ) : null}
      <ol className="mt-3 space-y-3">
        {target.reports.map((report) => (
          <ReportEntry
            key={report.id}
            report={report}
            isBusy={busyId === report.id}
            onDismiss={onDismiss}
            onAct={onAct}
            isAuthorShown={isAuthorShown}
            onToggleAuthor={() => setAuthorShown((isShown) => !isShown)}
          />
        ))}
      </ol>
    </li>
  );
}

interface ReportEntryProps {
  report: AdminReportRecord;
  isBusy: boolean;
  onDismiss: (report: AdminReportRecord) => void;
  onAct: (report: AdminReportRecord, action: ReportQueueAction) => void;
  isAuthorShown: boolean;
  onToggleAuthor: () => void;
}

function ReportEntry({ report, isBusy, onDismiss, onAct, isAuthorShown, onToggleAuthor }: ReportEntryProps) {
  // A confession report shows the reported text and its own removal (issue #13).
  const isConfession = report.context === "confession";
  return (
    <li className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950">
      <p className="text-sm">
        <span className="font-medium">{reasonLabel(report.reason)}</span>
        <span className="text-zinc-500 dark:text-zinc-400">
          {" "}
          reported by {reportPersonName(report.reporterUsername, report.reporterId)}
          {report.reporterAccount === "guest" ? " (guest)" : ""} · {DATE.format(report.createdAt)} ·{" "}
          {report.context}
        </span>
      </p>
      {report.details ? (
        <p className="mt-1 text-sm break-words text-zinc-700 dark:text-zinc-300">{report.details}</p>
      ) : null}
      {isConfession ? (
        <ConfessionReportDetails
          report={report}
          isBusy={isBusy}
          onRemove={(it) => onAct(it, "delete-message")}
          isAuthorShown={isAuthorShown}
          onToggleAuthor={onToggleAuthor}
        />
      ) : (
        <ReportSnapshot report={report} />
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => onDismiss(report)}>
          Dismiss
        </Button>
        {isBlurredImageFlag(report) ? (
          <Button size="sm" variant="ghost" disabled={isBusy} onClick={() => onAct(report, "allow-image")}>
            Allow image
          </Button>
        ) : null}
        {report.messageId && !isConfession ? (
          <Button size="sm" variant="ghost" disabled={isBusy} onClick={() => onAct(report, "delete-message")}>
            Delete message
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Issue #15: AutoMod's flag of a direct-message image it blurred (an admin can allow it). */
function isBlurredImageFlag(report: AdminReportRecord): boolean {
  return (
    report.reason === AUTOMOD_FLAG_REASON && report.context === "dm" && report.snapshot[0]?.type === "image"
  );
}

/** The reported messages as the server kept them, collapsed until an admin opens them. */
function ReportSnapshot({ report }: { report: AdminReportRecord }) {
  return report.snapshot.length > 0 ? (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer rounded text-zinc-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400">
        Snapshot ({report.snapshot.length} {report.snapshot.length === 1 ? "message" : "messages"})
      </summary>
      <ol className="mt-2 max-h-56 space-y-1 overflow-y-auto rounded-lg bg-white p-2 dark:bg-zinc-900">
        {report.snapshot.map((message) => (
          <li
            key={message.id}
            className={`rounded px-2 py-1 break-words ${message.id === report.messageId ? "bg-rose-100 dark:bg-rose-950/60" : ""}`}
          >
            <span className="mr-2 text-xs text-zinc-500 dark:text-zinc-400">
              {DATE.format(message.timestamp)}
              {/* A random chat's snapshot holds both sides: say whose line each is (issue #38). */}
              {message.senderId === report.targetId
                ? " · reported"
                : message.senderId === report.reporterId
                  ? " · reporter"
                  : ""}
            </span>
            {message.type === "text" ? message.content : `[${message.type}]`}
          </li>
        ))}
      </ol>
    </details>
  ) : null;
}

import {
  type AdminReportRecord,
  REPORT_REASON_LABELS,
  type ReportAction,
  type ReportReason,
} from "@heartline/shared";
import { Button } from "../../../ui/button";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function reasonLabel(reason: string): string {
  return Object.hasOwn(REPORT_REASON_LABELS, reason) ? REPORT_REASON_LABELS[reason as ReportReason] : reason;
}

export interface ReportQueueProps {
  reports: readonly AdminReportRecord[] | undefined;
  error: string | null;
  busyId: string | null;
  onDismiss: (report: AdminReportRecord) => void;
  onAct: (report: AdminReportRecord, action: ReportAction) => void;
}

/** spec §6 The report queue: each report with its stored snapshot; dismiss, or ban/mute/delete from it. */
export function ReportQueue({ reports, error, busyId, onDismiss, onAct }: ReportQueueProps) {
  if (error) {
    return (
      <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
        {error}
      </p>
    );
  }
  if (reports && reports.length === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No open reports. All clear.</p>;
  }
  return (
    <ul className="space-y-4">
      {reports?.map((report) => {
        const target = report.targetUsername ?? "Unknown User";
        const isBusy = busyId === report.id;
        return (
          <li
            key={report.id}
            data-testid="report"
            className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-sm">
                <span className="font-semibold">{target}</span>
                <span className="text-zinc-500 dark:text-zinc-400">
                  {" "}
                  reported by {report.reporterUsername ?? "Unknown User"}
                </span>
              </p>
              <time
                className="text-xs text-zinc-500 dark:text-zinc-400"
                dateTime={new Date(report.createdAt).toISOString()}
              >
                {DATE.format(report.createdAt)} · {report.context}
              </time>
            </div>
            <p className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-300">
              {reasonLabel(report.reason)}
            </p>
            {report.details ? (
              <p className="mt-1 text-sm break-words text-zinc-700 dark:text-zinc-300">{report.details}</p>
            ) : null}
            {report.snapshot.length > 0 ? (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer rounded text-zinc-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400">
                  Snapshot ({report.snapshot.length} {report.snapshot.length === 1 ? "message" : "messages"})
                </summary>
                <ol className="mt-2 max-h-56 space-y-1 overflow-y-auto rounded-lg bg-zinc-50 p-2 dark:bg-zinc-950">
                  {report.snapshot.map((message) => (
                    <li
                      key={message.id}
                      className={`rounded px-2 py-1 break-words ${message.id === report.messageId ? "bg-rose-100 dark:bg-rose-950/60" : ""}`}
                    >
                      <span className="mr-2 text-xs text-zinc-500 dark:text-zinc-400">
                        {DATE.format(message.timestamp)}
                      </span>
                      {message.type === "text" ? message.content : `[${message.type}]`}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => onDismiss(report)}>
                Dismiss
              </Button>
              <Button
                size="sm"
                disabled={isBusy}
                onClick={() => onAct(report, "ban")}
                aria-label={`Ban ${target}`}
              >
                Ban
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={isBusy}
                onClick={() => onAct(report, "mute")}
                aria-label={`Mute ${target}`}
              >
                Mute
              </Button>
              {report.messageId ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={isBusy}
                  onClick={() => onAct(report, "delete-message")}
                >
                  Delete message
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

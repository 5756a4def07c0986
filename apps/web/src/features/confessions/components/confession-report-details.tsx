import type { AdminReportRecord } from "@heartline/shared";
import { Button } from "../../../ui/button";
import { REMOVE_LABELS, summarizeConfessionReport } from "../state/confession-report";

export interface ConfessionReportDetailsProps {
  report: AdminReportRecord;
  isBusy: boolean;
  /** Removes what the report names for everyone (the wall updates live) and settles the report. */
  onRemove: (report: AdminReportRecord) => void;
  /** The author is named only once an admin asks (the row then names them too). */
  isAuthorShown: boolean;
  onToggleAuthor: () => void;
}

/**
 * A confession report in the admin queue: the reported text, its removal, and the author kept out of
 * view until an admin asks (the row's Ban and Mute then act on that person).
 */
export function ConfessionReportDetails(props: ConfessionReportDetailsProps) {
  const { report, isBusy, onRemove, isAuthorShown, onToggleAuthor } = props;
  const { kind, text } = summarizeConfessionReport(report);
  const author = report.targetUsername ?? "Unknown User";
  return (
    <div className="mt-2 space-y-2">
      <blockquote className="rounded-lg border-l-4 border-fuchsia-400 bg-white px-3 py-2 text-sm whitespace-pre-wrap break-words dark:bg-zinc-900">
        <span className="mb-1 block text-xs font-semibold text-zinc-500 dark:text-zinc-400">
          {kind === "comment"
            ? "Reported comment"
            : kind === "post"
              ? "Reported confession"
              : "Reported on the confession wall"}
        </span>
        {text ?? "The text was not kept."}
      </blockquote>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" disabled={isBusy} onClick={() => onRemove(report)}>
          {REMOVE_LABELS[kind]}
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={isAuthorShown} onClick={onToggleAuthor}>
          {isAuthorShown ? "Hide author" : "Show author"}
        </Button>
        {isAuthorShown ? (
          <p className="text-sm">
            Written by <span className="font-semibold">{author}</span>
            <span className="text-zinc-500 dark:text-zinc-400"> · Ban or Mute above act on this user</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

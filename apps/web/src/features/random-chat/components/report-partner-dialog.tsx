import {
  type AckResult,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportPartnerInput,
  type ReportReason,
} from "@heartline/shared";
import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";

export const REPORT_SENT_TEXT = "Report sent. Thank you for keeping Heartline safe.";
export const REPORT_DETAILS_MAX = 500;

export interface ReportPartnerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReport: (input: ReportPartnerInput) => Promise<AckResult<{ reportId: string }>>;
  /** Called after the server stored the report (the chat then ends). */
  onReported: () => void;
}

/** The user-report modal (spec §2): the server keeps a snapshot of the last messages for moderators. */
export function ReportPartnerDialog({ open, onOpenChange, onReport, onReported }: ReportPartnerDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError("Please choose a reason");
      return;
    }
    setIsSending(true);
    setError(null);
    const trimmed = details.trim();
    const result = await onReport(trimmed ? { reason, details: trimmed } : { reason });
    setIsSending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    toast.success(REPORT_SENT_TEXT);
    setReason(null);
    setDetails("");
    onOpenChange(false);
    onReported();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report this user"
      description="Tell us what happened. Moderators see your reason and the last messages of this chat."
    >
      <form onSubmit={submit} className="mt-5 space-y-5">
        <fieldset>
          <legend className="text-sm font-semibold">Reason</legend>
          <div className="mt-2 space-y-1.5">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2 text-sm has-checked:border-rose-500 has-checked:bg-rose-50 has-focus-visible:ring-2 has-focus-visible:ring-rose-500 dark:border-zinc-700 dark:has-checked:bg-rose-950/50"
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="accent-rose-600"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="report-details" className="text-sm font-semibold">
            Details <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
          </label>
          <textarea
            id="report-details"
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            onChange={(event) => setDetails(event.target.value)}
            rows={3}
            className="mt-2 block w-full resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950"
          />
          <p className="mt-1 text-right text-xs text-zinc-500 dark:text-zinc-400">
            {details.length}/{REPORT_DETAILS_MAX}
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSending}>
            {isSending ? "Sending…" : "Send report"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

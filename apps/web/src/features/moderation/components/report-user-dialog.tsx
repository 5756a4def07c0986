import "../../../lib/zod-csp";
import {
  createReportSchema,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from "@heartline/shared";
import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";
import { createReport } from "../api/create-report";

export const REPORT_SENT_TEXT = "Report sent. Thank you for keeping Heartline safe.";
export const REPORT_DETAILS_MAX = 500;

/** Whom (and optionally which message) the report is about. */
export interface ReportTarget {
  userId: string;
  username: string;
  message?: { id: string; content: string; type: string };
}

export interface ReportUserDialogProps {
  target: ReportTarget | null;
  onClose: () => void;
}

/**
 * spec §2 The user-report modal, for a message or a user in the group chat. The server stores the
 * report with a snapshot of the user's latest group messages for the admins.
 */
export function ReportUserDialog({ target, onClose }: ReportUserDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts a fresh form
  useEffect(() => {
    setReason(null);
    setDetails("");
    setError(null);
  }, [target?.userId, target?.message?.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const parsed = createReportSchema.safeParse({
      targetUserId: target.userId,
      ...(target.message ? { messageId: target.message.id } : {}),
      reason: reason ?? undefined,
      ...(details.trim() ? { details: details.trim() } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please choose a reason");
      return;
    }
    setIsSending(true);
    setError(null);
    try {
      await createReport(parsed.data);
      toast.success(REPORT_SENT_TEXT);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not send the report.");
    } finally {
      setIsSending(false);
    }
  };

  const subject = target ? (target.message ? `a message from ${target.username}` : target.username) : "";
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target?.message ? "Report this message" : `Report ${target?.username ?? "this user"}`}
      description={`Tell us what is wrong with ${subject}. Admins see your reason and this user's latest messages.`}
    >
      <form onSubmit={submit} className="mt-5 space-y-5">
        {target?.message ? (
          <blockquote className="rounded-lg border-l-4 border-rose-400 bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            <span className="block text-xs font-semibold">{target.username}</span>
            <span className="line-clamp-3 break-words">
              {target.message.type === "text" ? target.message.content : "Image"}
            </span>
          </blockquote>
        ) : null}
        <fieldset>
          <legend className="text-sm font-semibold">Reason</legend>
          <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2 text-sm has-checked:border-rose-500 has-checked:bg-rose-50 has-focus-visible:ring-2 has-focus-visible:ring-rose-500 dark:border-zinc-700 dark:has-checked:bg-rose-950/50"
              >
                <input
                  type="radio"
                  name="group-report-reason"
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
          <label htmlFor="group-report-details" className="text-sm font-semibold">
            Details <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
          </label>
          <textarea
            id="group-report-details"
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
          <Button variant="secondary" onClick={onClose}>
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

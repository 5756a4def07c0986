import { type ReportReason, reportConfessionSchema } from "@heartline/shared";
import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Dialog } from "../../../ui/dialog";
import { REPORT_SENT_TEXT, ReportFormFields } from "../../../ui/report-form-fields";
import { type ConfessionReportSubject, reportConfession } from "../api/report-confession";

export interface ReportConfessionDialogProps {
  subject: ConfessionReportSubject | null;
  onClose: () => void;
}

/** The group room's report form for a confession or a comment; the server keeps a snapshot for admins. */
export function ReportConfessionDialog({ subject, onClose }: ReportConfessionDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new subject starts a fresh form
  useEffect(() => {
    setReason(null);
    setDetails("");
    setError(null);
  }, [subject?.confessionId, subject?.commentId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!subject) return;
    const parsed = reportConfessionSchema.safeParse({
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
      await reportConfession(subject, parsed.data);
      toast.success(REPORT_SENT_TEXT);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not send the report.");
    } finally {
      setIsSending(false);
    }
  };

  const what = subject?.commentId ? "comment" : "confession";
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Report this ${what}`}
      description={`Tell us what is wrong with this ${what}. Admins see your reason and what it said.`}
    >
      <form onSubmit={submit} className="mt-5 space-y-5">
        <blockquote className="line-clamp-3 rounded-lg border-l-4 border-rose-400 bg-zinc-100 px-3 py-2 text-sm break-words text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {subject?.content}
        </blockquote>
        <ReportFormFields
          idPrefix="confession-report"
          reason={reason}
          onReason={setReason}
          details={details}
          onDetails={setDetails}
          error={error}
          isSending={isSending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

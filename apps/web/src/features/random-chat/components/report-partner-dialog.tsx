import type { AckResult, ReportPartnerInput, ReportReason } from "@heartline/shared";
import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { Dialog } from "../../../ui/dialog";
import { REPORT_SENT_TEXT, ReportFormFields } from "../../../ui/report-form-fields";

export { REPORT_DETAILS_MAX, REPORT_SENT_TEXT } from "../../../ui/report-form-fields";

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
        <ReportFormFields
          idPrefix="report"
          reason={reason}
          onReason={setReason}
          details={details}
          onDetails={setDetails}
          error={error}
          isSending={isSending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}

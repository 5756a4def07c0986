import type { ReportReason } from "@heartline/shared";
import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { useT } from "../../../lib/i18n/use-t";
import { Dialog } from "../../../ui/dialog";
import { ReportFormFields } from "../../../ui/report-form-fields";
import type { RandomChatActions } from "../state/random-chat-actions";

export { REPORT_DETAILS_MAX, REPORT_SENT_TEXT } from "../../../ui/report-form-fields";

export interface ReportPartnerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReport: RandomChatActions["report"];
  /** Called after the server stored the report (the chat then ends). */
  onReported: () => void;
}

/** The user-report modal (spec §2): the server keeps a snapshot of the last messages for moderators. */
export function ReportPartnerDialog({ open, onOpenChange, onReport, onReported }: ReportPartnerDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t("report.chooseReason"));
      return;
    }
    setIsSending(true);
    setError(null);
    const trimmed = details.trim();
    const result = await onReport(trimmed ? { reason, details: trimmed } : { reason });
    setIsSending(false);
    if (!result.ok) {
      setError(serverErrorText(result.error));
      return;
    }
    toast.success(t("report.sent"));
    setReason(null);
    setDetails("");
    onOpenChange(false);
    onReported();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("chat.report.title")}
      description={t("chat.report.description")}
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

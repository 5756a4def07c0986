import "../../../lib/zod-csp";
import { createReportSchema } from "@heartline/shared";
import { Dialog } from "../../../ui/dialog";
import { ReportFormFields } from "../../../ui/report-form-fields";
import { useReportForm } from "../../../ui/use-report-form";
import { createReport } from "../api/create-report";

export { REPORT_DETAILS_MAX, REPORT_SENT_TEXT } from "../../../ui/report-form-fields";

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
  const form = useReportForm({
    resetKey: `${target?.userId}:${target?.message?.id}`,
    parse: (values) =>
      createReportSchema.safeParse({
        targetUserId: target?.userId,
        ...(target?.message ? { messageId: target.message.id } : {}),
        ...values,
      }),
    send: createReport,
    onSent: onClose,
  });

  const subject = target ? (target.message ? `a message from ${target.username}` : target.username) : "";
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target?.message ? "Report this message" : `Report ${target?.username ?? "this user"}`}
      description={`Tell us what is wrong with ${subject}. Admins see your reason and this user's latest messages.`}
    >
      <form onSubmit={form.submit} className="mt-5 space-y-5">
        {target?.message ? (
          <blockquote className="rounded-lg border-l-4 border-rose-400 bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            <span className="block text-xs font-semibold">{target.username}</span>
            <span className="line-clamp-3 break-words">
              {target.message.type === "text" ? target.message.content : "Image"}
            </span>
          </blockquote>
        ) : null}
        <ReportFormFields idPrefix="group-report" isTwoColumns {...form.fields} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

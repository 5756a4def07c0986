import { reportConfessionSchema } from "@heartline/shared";
import { Dialog } from "../../../ui/dialog";
import { ReportFormFields } from "../../../ui/report-form-fields";
import { useReportForm } from "../../../ui/use-report-form";
import { type ConfessionReportSubject, reportConfession } from "../api/report-confession";

export interface ReportConfessionDialogProps {
  subject: ConfessionReportSubject | null;
  onClose: () => void;
}

/** The group room's report form for a confession or a comment; the server keeps a snapshot for admins. */
export function ReportConfessionDialog({ subject, onClose }: ReportConfessionDialogProps) {
  const form = useReportForm({
    resetKey: `${subject?.confessionId}:${subject?.commentId}`,
    parse: (values) => reportConfessionSchema.safeParse(values),
    send: (input) => (subject ? reportConfession(subject, input) : Promise.resolve()),
    onSent: onClose,
  });
  const what = subject?.commentId ? "comment" : "confession";
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Report this ${what}`}
      description={`Tell us what is wrong with this ${what}. Admins see your reason and what it said.`}
    >
      <form onSubmit={form.submit} className="mt-5 space-y-5">
        <blockquote className="line-clamp-3 rounded-lg border-l-4 border-rose-400 bg-zinc-100 px-3 py-2 text-sm break-words text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {subject?.content}
        </blockquote>
        <ReportFormFields idPrefix="confession-report" {...form.fields} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

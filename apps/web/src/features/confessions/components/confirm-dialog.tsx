import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  isBusy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before something that cannot be undone (deleting a post or a comment). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, confirmLabel, isBusy, error, onConfirm, onCancel } = props;
  return (
    <Dialog
      isAlert
      open={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : onCancel())}
      title={title}
      description={description}
    >
      {error ? (
        <p role="alert" className="mt-4 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={isBusy}>
          {isBusy ? "Deleting…" : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

import { useT } from "../lib/i18n/use-t";
import { Button } from "./button";
import { Dialog } from "./dialog";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** The confirm button's label while the action runs (default "Deleting…"). */
  busyLabel?: string;
  isBusy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question before something that cannot be undone (deleting a post, a comment, a group
 * message, an AutoMod rule, a block).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, confirmLabel, onConfirm, onCancel } = props;
  const t = useT();
  const { busyLabel = t("confirm.deleting"), isBusy = false, error = null } = props;
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
          {t("chat.cancel")}
        </Button>
        <Button onClick={onConfirm} disabled={isBusy}>
          {isBusy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

import { useT } from "../../../lib/i18n/use-t";
import { ConfirmDialog } from "../../../ui/confirm-dialog";

export interface BlockConfirmDialogProps {
  /** Whom to block; null keeps the dialog closed. */
  person: { username: string } | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Block {name}?" before any block (the DM header, a profile card). Issue #38: a block ends the
 * friendship and the streak at once; the user says yes knowing that.
 */
export function BlockConfirmDialog({ person, onConfirm, onCancel }: BlockConfirmDialogProps) {
  const t = useT();
  return (
    <ConfirmDialog
      open={person !== null}
      title={person ? t("dm.block.title", { name: person.username }) : t("dm.block.titleUnnamed")}
      description={
        person ? t("dm.block.consequences", { name: person.username }) : t("dm.block.consequencesUnnamed")
      }
      confirmLabel={t("profileCard.block")}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

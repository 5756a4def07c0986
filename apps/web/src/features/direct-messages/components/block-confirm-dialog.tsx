import { ConfirmDialog } from "../../../ui/confirm-dialog";

export interface BlockConfirmDialogProps {
  /** Whom to block; null keeps the dialog closed. */
  person: { username: string } | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Issue #38: a block ends the friendship and the streak at once; the user says yes knowing that. */
export const blockConsequences = (username: string) =>
  `Blocking ends your friendship and your streak with ${username}. They can no longer send you messages. You can unblock them later.`;

/** "Block {name}?" before any block (the DM header, a profile card). */
export function BlockConfirmDialog({ person, onConfirm, onCancel }: BlockConfirmDialogProps) {
  return (
    <ConfirmDialog
      open={person !== null}
      title={`Block ${person?.username ?? "this user"}?`}
      description={blockConsequences(person?.username ?? "them")}
      confirmLabel="Block"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

import type { ReactNode } from "react";
import { Dialog } from "../../../ui/dialog";
import { useAuthModalStore } from "../state/auth-modal-store";

export interface AuthDialogProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * Every account modal (spec §2 Modals): Radix supplies the focus trap, Escape to close, the scroll lock
 * and focus restore; the store keeps one open at a time.
 */
export function AuthDialog({ title, description, children }: AuthDialogProps) {
  const closeModal = useAuthModalStore((state) => state.closeModal);
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) closeModal();
      }}
      title={title}
      description={description}
      contentProps={{
        // Start in the first field rather than on the close button.
        onOpenAutoFocus: (event) => {
          const firstField = (event.target as HTMLElement | null)?.querySelector<HTMLElement>(
            "[data-autofocus], input:not([readonly]), select:not([disabled])",
          );
          if (!firstField) return;
          event.preventDefault();
          firstField.focus();
        },
      }}
    >
      {children}
    </Dialog>
  );
}

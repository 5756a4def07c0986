import { useRef } from "react";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";

export interface LeaveChatDialogProps {
  open: boolean;
  onLeave: () => void;
  onCancel: () => void;
}

/** spec §2 Leave Chat confirmation: exact title, text and buttons; Radix locks page scroll. */
export function LeaveChatDialog({ open, onLeave, onCancel }: LeaveChatDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
      isAlert
      title="Leave Chat?"
      description="You are currently connected with a partner. Are you sure you want to leave? This will end your chat session."
      contentProps={{
        // The safe choice gets focus, so a stray Enter doesn't end the chat.
        onOpenAutoFocus: (event) => {
          event.preventDefault();
          cancelRef.current?.focus();
        },
      }}
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onLeave}>Leave Chat</Button>
      </div>
    </Dialog>
  );
}

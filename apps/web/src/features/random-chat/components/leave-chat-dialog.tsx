import { useRef } from "react";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";

/**
 * Issue 14: a link away from the waiting screen asks too (Omegle drops the search on leaving; we
 * say so first instead of dropping it silently). The chat's texts are the spec's.
 */
const TEXTS = {
  chat: {
    title: "Leave Chat?",
    description:
      "You are currently connected with a partner. Are you sure you want to leave? This will end your chat session.",
    leave: "Leave Chat",
    stay: "Cancel",
  },
  search: {
    title: "Stop searching?",
    description: "You are still looking for a partner. Leaving this page stops the search.",
    leave: "Stop searching",
    stay: "Keep searching",
  },
} as const;

export interface LeaveChatDialogProps {
  open: boolean;
  subject?: keyof typeof TEXTS;
  onLeave: () => void;
  onCancel: () => void;
}

/** spec §2 Leave Chat confirmation: exact title, text and buttons; Radix locks page scroll. */
export function LeaveChatDialog({ open, subject = "chat", onLeave, onCancel }: LeaveChatDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const texts = TEXTS[subject];
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
      isAlert
      title={texts.title}
      description={texts.description}
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
          {texts.stay}
        </Button>
        <Button onClick={onLeave}>{texts.leave}</Button>
      </div>
    </Dialog>
  );
}

import { useRef } from "react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Dialog } from "../../../ui/dialog";

/**
 * Issue 14: a link away from the waiting screen asks too (Omegle drops the search on leaving; we
 * say so first instead of dropping it silently). The chat's texts are the spec's.
 */
const TEXTS: Record<"chat" | "search", Record<"title" | "description" | "leave" | "stay", MessageId>> = {
  chat: {
    title: "chat.leave.title",
    description: "chat.leave.description",
    leave: "chat.leave.leave",
    stay: "chat.cancel",
  },
  search: {
    title: "chat.leaveSearch.title",
    description: "chat.leaveSearch.description",
    leave: "chat.leaveSearch.leave",
    stay: "chat.leaveSearch.stay",
  },
};

export interface LeaveChatDialogProps {
  open: boolean;
  subject?: keyof typeof TEXTS;
  onLeave: () => void;
  onCancel: () => void;
}

/** spec §2 Leave Chat confirmation: exact title, text and buttons; Radix locks page scroll. */
export function LeaveChatDialog({ open, subject = "chat", onLeave, onCancel }: LeaveChatDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  const ids = TEXTS[subject];
  const texts = {
    title: t(ids.title),
    description: t(ids.description),
    leave: t(ids.leave),
    stay: t(ids.stay),
  };
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

import type { DirectMessage } from "@heartline/shared";
import { Ban } from "lucide-react";
import { useMemo } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { MessageComposer } from "../../chat-pipeline";

/** Typing stops this long after the last keystroke (direct messages). */
export const DM_TYPING_IDLE_MS = 3_000;

export interface DmComposerProps {
  partnerId: string;
  partnerName: string;
  replyTo: DirectMessage | null;
  isUploading: boolean;
  /** I blocked them: no box, the reason and Unblock instead. */
  isBlocked: boolean;
  isUnblocking: boolean;
  onUnblock: () => void;
  onCancelReply: () => void;
  onSend: (content: string) => void;
  /** A picked picture and its caption (maybe empty), sent together once the user sends. */
  onPickImage: (file: File, caption: string) => void;
  onTyping: (isTyping: boolean) => void;
}

/**
 * Issue #38: a thread opened with a mouse or trackpad puts the cursor in its box, as in Discord. Not on
 * touch screens (a coarse pointer), where the keyboard would cover the thread just opened.
 */
function isFinePointer(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(pointer: fine)").matches === true;
}

function excerptOf(message: DirectMessage, t: ReturnType<typeof useT>): string {
  return message.type === "image" ? t("dm.photo") : message.type === "gif" ? t("group.gif") : message.content;
}

/** The direct-message box (the chats' composer with pictures), or the blocked notice with Unblock. */
export function DmComposer({
  partnerId,
  partnerName,
  replyTo,
  isUploading,
  isBlocked,
  isUnblocking,
  onUnblock,
  onCancelReply,
  onSend,
  onPickImage,
  onTyping,
}: DmComposerProps) {
  // A new key per partner: the box takes the focus when it opens (desktop), or when a reply is picked.
  const openKey = useMemo(() => (isFinePointer() ? { partnerId } : null), [partnerId]);
  const t = useT();
  if (isBlocked) {
    return (
      <div
        role="status"
        data-testid="dm-blocked-notice"
        className="flex flex-col gap-3 border-t border-zinc-200 bg-zinc-50 p-4 text-sm text-zinc-700 sm:flex-row sm:items-center dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
      >
        <Ban
          aria-hidden="true"
          className="hidden size-5 shrink-0 text-rose-600 sm:block dark:text-rose-400"
        />
        <p className="flex-1">{t("dm.composer.blocked", { name: partnerName })}</p>
        <Button variant="secondary" size="sm" disabled={isUnblocking} onClick={onUnblock}>
          {t("profileCard.unblock")}
        </Button>
      </div>
    );
  }

  return (
    <MessageComposer
      id="dm-composer"
      label={t("dm.composer.label", { name: partnerName })}
      placeholder={t("dm.composer.placeholder", { name: partnerName })}
      onSend={onSend}
      onTyping={onTyping}
      typingIdleMs={DM_TYPING_IDLE_MS}
      reply={
        replyTo
          ? {
              testId: "dm-reply-preview",
              title:
                replyTo.senderId === partnerId
                  ? t("group.composer.replyingTo", { name: partnerName })
                  : t("dm.composer.replyingToSelf"),
              excerpt: excerptOf(replyTo, t),
            }
          : null
      }
      focusKey={replyTo ?? openKey}
      onCancelReply={onCancelReply}
      image={{
        isUploading,
        label: t("group.attach"),
        title: t("group.attach"),
        inputTestId: "dm-image-input",
        onPick: onPickImage,
      }}
    />
  );
}

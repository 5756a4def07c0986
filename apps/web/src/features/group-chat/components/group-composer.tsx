import type { GroupMessage, MuteState } from "@heartline/shared";
import { VolumeX } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { MessageComposer } from "../../chat-pipeline";
import { mutedText, muteUntilOf } from "../group-server-texts";
import { useMuteEndedNotice } from "../hooks/use-mute-ended-notice";
import { useSecondsUntil } from "../hooks/use-seconds-until";

export const GUEST_IMAGE_HINT = "Create a free account to share images and GIFs.";

export interface GroupComposerProps {
  isGuest: boolean;
  mute: MuteState | null;
  replyTo: GroupMessage | null;
  isUploading: boolean;
  onCancelReply: () => void;
  onSend: (content: string) => void;
  /** A picked picture and its caption (maybe empty), sent together once the user sends. */
  onPickImage: (file: File, caption: string) => void;
  onTyping: (isTyping: boolean) => void;
  /** issue #14: the group rate limit's end (ms); sending waits until then, with one inline note. */
  sendAgainAt?: number | null;
  onCooldownOver?: () => void;
}

/** The group message box (spec §2): the chats' composer, images for registered users, the muted notice. */
export function GroupComposer({
  isGuest,
  mute,
  replyTo,
  isUploading,
  onCancelReply,
  onSend,
  onPickImage,
  onTyping,
  sendAgainAt = null,
  onCooldownOver,
}: GroupComposerProps) {
  // A short automatic mute (issue #15, AutoMod) ends by itself: the box opens again at its end.
  const automaticMuteSeconds = useSecondsUntil(mute?.expiresAt ?? null);
  const isMuted = mute !== null && (mute.expiresAt === null || automaticMuteSeconds > 0);
  const cooldownSeconds = useSecondsUntil(sendAgainAt, onCooldownOver);
  useMuteEndedNotice(isMuted);
  const t = useT();
  const guestHint = t("group.guestImageHint");

  if (isMuted && mute) {
    return (
      <div
        role="status"
        data-testid="muted-notice"
        className="flex items-start gap-3 border-t border-zinc-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-zinc-800 dark:bg-amber-950/50 dark:text-amber-100"
      >
        <VolumeX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>{mutedText(mute.reason, muteUntilOf(mute.expiresAt))}</p>
      </div>
    );
  }

  return (
    <MessageComposer
      id="group-composer"
      label={t("group.composer.label")}
      placeholder={t("group.composer.placeholder")}
      onSend={onSend}
      onTyping={onTyping}
      reply={
        replyTo
          ? {
              testId: "reply-preview",
              title: t("group.composer.replyingTo", { name: replyTo.senderUsername }),
              excerpt: replyTo.type === "text" ? replyTo.content : t("group.image"),
            }
          : null
      }
      focusKey={replyTo}
      onCancelReply={onCancelReply}
      image={{
        isUploading,
        isDisabled: isGuest,
        label: isGuest ? t("group.attachGuest", { hint: guestHint }) : t("group.attach"),
        title: isGuest ? guestHint : t("group.attach"),
        onPick: onPickImage,
      }}
      isPaused={cooldownSeconds > 0}
      pausedNote={{
        text: `${t("error.chatRateLimited")} ${t("group.sendAgainIn", { seconds: cooldownSeconds })}`,
        testId: "send-cooldown",
      }}
      note={isGuest ? guestHint : null}
    />
  );
}

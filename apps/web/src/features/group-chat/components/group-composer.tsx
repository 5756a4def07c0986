import { CHAT_RATE_LIMITED, type GroupMessage, type MuteState, mutedMessage } from "@heartline/shared";
import { VolumeX } from "lucide-react";
import { MessageComposer } from "../../chat-pipeline";
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

  if (isMuted && mute) {
    return (
      <div
        role="status"
        data-testid="muted-notice"
        className="flex items-start gap-3 border-t border-zinc-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-zinc-800 dark:bg-amber-950/50 dark:text-amber-100"
      >
        <VolumeX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>{mutedMessage(mute.reason, mute.expiresAt)}</p>
      </div>
    );
  }

  return (
    <MessageComposer
      id="group-composer"
      label="Message the group"
      placeholder="Message the group…"
      onSend={onSend}
      onTyping={onTyping}
      reply={
        replyTo
          ? {
              testId: "reply-preview",
              title: `Replying to ${replyTo.senderUsername}`,
              excerpt: replyTo.type === "text" ? replyTo.content : "Image",
            }
          : null
      }
      focusKey={replyTo}
      onCancelReply={onCancelReply}
      image={{
        isUploading,
        isDisabled: isGuest,
        label: isGuest ? `Attach an image (${GUEST_IMAGE_HINT})` : "Attach an image or GIF",
        title: isGuest ? GUEST_IMAGE_HINT : "Attach an image or GIF",
        onPick: onPickImage,
      }}
      isPaused={cooldownSeconds > 0}
      pausedNote={{
        text: `${CHAT_RATE_LIMITED} You can send again in ${cooldownSeconds} s.`,
        testId: "send-cooldown",
      }}
      note={isGuest ? GUEST_IMAGE_HINT : null}
    />
  );
}

import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
  CHAT_RATE_LIMITED,
  type GroupMessage,
  IMAGE_MIME_TYPES,
  type MuteState,
  mutedMessage,
} from "@heartline/shared";
import { ImagePlus, VolumeX, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { ComposerTextarea } from "../../../ui/composer-textarea";
import { EmojiButton } from "../../../ui/emoji-button";
import { SendButton } from "../../../ui/send-button";
import { StagedImagePreview } from "../../../ui/staged-image-preview";
import { useComposerText } from "../../../ui/use-composer-text";
import { useStagedImage } from "../../../ui/use-staged-image";
import { useTheme } from "../../theme";
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

const ICON_BUTTON =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

/** The group message box (spec §2): replies, emoji, images for registered users, muted state. */
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
  const isCoolingDown = cooldownSeconds > 0;
  const staged = useStagedImage();
  const composer = useComposerText({
    onSend: (value) => {
      onTyping(false);
      if (staged.file) {
        // issue #14: the picture goes with its optional caption only now, not the moment it is picked.
        onPickImage(staged.file, value.trim());
        staged.clear();
        return;
      }
      onSend(value.trim());
    },
    canSendEmpty: staged.file !== null,
    onTyping,
    isBlocked: isMuted || isCoolingDown,
  });
  const { text, isTooLong, inputRef } = composer;
  const fileRef = useRef<HTMLInputElement>(null);
  const { resolved } = useTheme();

  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo, inputRef]);

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
    <form
      onSubmit={composer.submit}
      className="border-t border-zinc-200 bg-white p-2 sm:p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {replyTo ? (
        <div
          data-testid="reply-preview"
          className="mb-2 flex items-start gap-2 rounded-lg border-l-4 border-rose-400 bg-zinc-100 px-2 py-1 dark:bg-zinc-800"
        >
          <div className="min-w-0 flex-1 text-xs">
            <p className="font-medium text-zinc-600 dark:text-zinc-400">
              Replying to {replyTo.senderUsername}
            </p>
            <p className="truncate text-zinc-800 dark:text-zinc-200">
              {replyTo.type === "text" ? replyTo.content : "Image"}
            </p>
          </div>
          <button
            type="button"
            aria-label="Cancel reply"
            onClick={onCancelReply}
            className={`${ICON_BUTTON} size-8`}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      {staged.file ? (
        <StagedImagePreview
          fileName={staged.file.name}
          previewUrl={staged.previewUrl}
          onCancel={staged.clear}
        />
      ) : null}
      <div className="flex items-end gap-1">
        <EmojiButton onPick={composer.insert} className={ICON_BUTTON} isDark={resolved === "dark"} />
        <input
          ref={fileRef}
          type="file"
          accept={IMAGE_MIME_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) staged.stage(file);
            inputRef.current?.focus();
          }}
        />
        <button
          type="button"
          aria-label={isGuest ? `Attach an image (${GUEST_IMAGE_HINT})` : "Attach an image or GIF"}
          title={isGuest ? GUEST_IMAGE_HINT : "Attach an image or GIF"}
          disabled={isGuest || isUploading}
          onClick={() => fileRef.current?.click()}
          className={ICON_BUTTON}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
        </button>
        <ComposerTextarea
          id="group-composer"
          label="Message the group"
          placeholder={staged.file ? "Add a caption (optional)…" : "Message the group…"}
          describedBy="group-composer-hint"
          composer={composer}
        />
        <SendButton disabled={(!text.trim() && !staged.file) || isTooLong || isCoolingDown} />
      </div>
      <p
        id="group-composer-hint"
        className="mt-1 flex justify-between gap-3 px-1 text-xs text-zinc-500 dark:text-zinc-400"
      >
        <span
          role={isTooLong || isCoolingDown ? "alert" : undefined}
          data-testid={isCoolingDown ? "send-cooldown" : undefined}
          className={isTooLong || isCoolingDown ? "text-rose-700 dark:text-rose-300" : ""}
        >
          {isCoolingDown
            ? `${CHAT_RATE_LIMITED} You can send again in ${cooldownSeconds} s.`
            : isTooLong
              ? CHAT_MESSAGE_TOO_LONG
              : isUploading
                ? "Uploading image…"
                : isGuest
                  ? GUEST_IMAGE_HINT
                  : ""}
        </span>
        <span>
          {text.length}/{CHAT_MESSAGE_MAX_LENGTH}
        </span>
      </p>
    </form>
  );
}

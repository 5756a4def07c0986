import { CHAT_MESSAGE_MAX_LENGTH } from "@heartline/shared";
import { useEffect } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { ComposerTextarea } from "../../../ui/composer-textarea";
import { EmojiButton } from "../../../ui/emoji-button";
import { SendButton } from "../../../ui/send-button";
import { StagedImagePreview } from "../../../ui/staged-image-preview";
import { useComposerText } from "../../../ui/use-composer-text";
import { useStagedImage } from "../../../ui/use-staged-image";
import { useTheme } from "../../theme";
import { COMPOSER_ICON_BUTTON } from "./composer-classes";
import { type ComposerReply, ComposerReplyPreview } from "./composer-reply-preview";
import { type ComposerImageOptions, ImageAttach } from "./image-attach";

export interface MessageComposerProps {
  /** The box's id; its hint line is `${id}-hint`. */
  id: string;
  /** The box's screen-reader label ("Message Sam"). */
  label: string;
  placeholder: string;
  /** The trimmed text (a picture's caption goes through `image.onPick` instead). */
  onSend: (content: string) => void;
  onTyping: (isTyping: boolean) => void;
  /** How long after the last keystroke typing stops (the box's default otherwise). */
  typingIdleMs?: number;
  reply?: ComposerReply | null;
  /**
   * The box takes focus whenever this changes to something (a reply was picked; a new random-chat
   * partner, issue #38), also when the composer first shows with it set.
   */
  focusKey?: unknown;
  onCancelReply: () => void;
  /** Pictures and GIFs, for the chats that take them. */
  image?: ComposerImageOptions;
  /** Sending waits (the group's rate limit); `pausedNote` says until when, first in the hint line. */
  isPaused?: boolean;
  pausedNote?: { text: string; testId: string } | null;
  /** The hint line's text when nothing more pressing is said (the guest hint, the last refusal). */
  note?: string | null;
  /** The note is an error: announced, and in red. */
  isNoteAlert?: boolean;
}

/**
 * The message box of every chat: reply preview, emoji (lazy picker), an optional staged picture with its
 * caption, the growing text box with Enter to send, and the hint line with the count.
 */
export function MessageComposer({
  id,
  label,
  placeholder,
  onSend,
  onTyping,
  typingIdleMs,
  reply = null,
  focusKey,
  onCancelReply,
  image,
  isPaused = false,
  pausedNote = null,
  note = null,
  isNoteAlert = false,
}: MessageComposerProps) {
  const staged = useStagedImage();
  const composer = useComposerText({
    onSend: (value) => {
      onTyping(false);
      if (staged.file && image) {
        // issue #14: the picture goes with its optional caption only now, not the moment it is picked.
        image.onPick(staged.file, value.trim());
        staged.clear();
        return;
      }
      onSend(value.trim());
    },
    canSendEmpty: staged.file !== null,
    onTyping,
    isBlocked: isPaused,
    ...(typingIdleMs === undefined ? {} : { idleMs: typingIdleMs }),
  });
  const { text, isTooLong, inputRef } = composer;
  const { resolved } = useTheme();
  const t = useT();

  useEffect(() => {
    if (focusKey) inputRef.current?.focus();
  }, [focusKey, inputRef]);

  const shownPause = isPaused ? pausedNote : null;
  const isAlert = isTooLong || shownPause !== null || isNoteAlert;
  const hint =
    shownPause?.text ??
    (isTooLong ? t("error.messageTooLong") : image?.isUploading ? t("composer.uploading") : (note ?? ""));
  return (
    <form
      onSubmit={composer.submit}
      onKeyDown={(event) => {
        // issue #38: Escape in the box drops the reply it was answering (the text stays).
        if (event.key === "Escape" && reply && event.target === inputRef.current) {
          event.preventDefault();
          onCancelReply();
        }
      }}
      className="relative border-t border-zinc-200 bg-white p-2 sm:p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {reply ? <ComposerReplyPreview reply={reply} onCancel={onCancelReply} /> : null}
      {staged.file ? (
        <StagedImagePreview
          fileName={staged.file.name}
          previewUrl={staged.previewUrl}
          onCancel={staged.clear}
        />
      ) : null}
      {/* issue #38: the box first, then its tools (as in Telegram): one Tab from the messages reaches it. */}
      <div className="flex items-end gap-1">
        <ComposerTextarea
          id={id}
          label={label}
          placeholder={staged.file ? t("composer.captionPlaceholder") : placeholder}
          describedBy={`${id}-hint`}
          composer={composer}
        />
        <EmojiButton onPick={composer.insert} className={COMPOSER_ICON_BUTTON} isDark={resolved === "dark"} />
        {image ? (
          <ImageAttach
            image={image}
            onPicked={(file) => {
              if (file) staged.stage(file);
              inputRef.current?.focus();
            }}
          />
        ) : null}
        <SendButton disabled={(!text.trim() && !staged.file) || isTooLong || isPaused} />
      </div>
      <p
        id={`${id}-hint`}
        className="mt-1 flex justify-between gap-3 px-1 text-xs text-zinc-500 dark:text-zinc-400"
      >
        <span
          role={isAlert ? "alert" : undefined}
          data-testid={shownPause?.testId}
          className={isAlert ? "text-rose-700 dark:text-rose-300" : ""}
        >
          {hint}
        </span>
        <span className={isTooLong ? "font-semibold text-rose-700 dark:text-rose-300" : ""}>
          {text.length}/{CHAT_MESSAGE_MAX_LENGTH}
        </span>
      </p>
    </form>
  );
}

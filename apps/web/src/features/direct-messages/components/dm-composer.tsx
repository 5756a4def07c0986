import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
  type DirectMessage,
  IMAGE_MIME_TYPES,
} from "@heartline/shared";
import { Ban, ImagePlus, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../../ui/button";
import { ComposerTextarea } from "../../../ui/composer-textarea";
import { EmojiButton } from "../../../ui/emoji-button";
import { SendButton } from "../../../ui/send-button";
import { StagedImagePreview } from "../../../ui/staged-image-preview";
import { useComposerText } from "../../../ui/use-composer-text";
import { useStagedImage } from "../../../ui/use-staged-image";
import { useTheme } from "../../theme";

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

const ICON_BUTTON =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

/** The direct-message box: reply preview, emoji (lazy picker), image or GIF, text. */
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
    isBlocked,
    idleMs: DM_TYPING_IDLE_MS,
  });
  const { text, isTooLong, inputRef } = composer;
  const fileRef = useRef<HTMLInputElement>(null);
  const { resolved } = useTheme();

  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo, inputRef]);

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
        <p className="flex-1">You blocked {partnerName}. Unblock them to send messages.</p>
        <Button variant="secondary" size="sm" disabled={isUnblocking} onClick={onUnblock}>
          Unblock
        </Button>
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
          data-testid="dm-reply-preview"
          className="mb-2 flex items-start gap-2 rounded-lg border-l-4 border-rose-400 bg-zinc-100 px-2 py-1 dark:bg-zinc-800"
        >
          <div className="min-w-0 flex-1 text-xs">
            <p className="font-medium text-zinc-600 dark:text-zinc-400">
              Replying to {replyTo.senderId === partnerId ? partnerName : "yourself"}
            </p>
            <p className="truncate text-zinc-800 dark:text-zinc-200">
              {replyTo.type === "image" ? "Photo" : replyTo.type === "gif" ? "GIF" : replyTo.content}
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
          data-testid="dm-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) staged.stage(file);
            inputRef.current?.focus();
          }}
        />
        <button
          type="button"
          aria-label="Attach an image or GIF"
          title="Attach an image or GIF"
          disabled={isUploading}
          onClick={() => fileRef.current?.click()}
          className={ICON_BUTTON}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
        </button>
        <ComposerTextarea
          id="dm-composer"
          label={`Message ${partnerName}`}
          placeholder={staged.file ? "Add a caption (optional)…" : `Message ${partnerName}…`}
          describedBy="dm-composer-hint"
          composer={composer}
        />
        <SendButton disabled={(!text.trim() && !staged.file) || isTooLong} />
      </div>
      <p
        id="dm-composer-hint"
        className="mt-1 flex justify-between gap-3 px-1 text-xs text-zinc-500 dark:text-zinc-400"
      >
        <span
          role={isTooLong ? "alert" : undefined}
          className={isTooLong ? "text-rose-700 dark:text-rose-300" : ""}
        >
          {isTooLong ? CHAT_MESSAGE_TOO_LONG : isUploading ? "Uploading image…" : ""}
        </span>
        <span>
          {text.length}/{CHAT_MESSAGE_MAX_LENGTH}
        </span>
      </p>
    </form>
  );
}

import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGE_TOO_LONG } from "@heartline/shared";
import { X } from "lucide-react";
import { useEffect } from "react";
import { ComposerTextarea } from "../../../ui/composer-textarea";
import { EmojiButton } from "../../../ui/emoji-button";
import { SendButton } from "../../../ui/send-button";
import { useComposerText } from "../../../ui/use-composer-text";
import { useTheme } from "../../theme";
import { useRandomChatStore } from "../state/random-chat-store";
import { ReplyQuote, senderLabel } from "./message-bubble";

const ICON_BUTTON =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white";

/** Puts `emoji` at the caret, with a space on each side where a word would otherwise touch it (issue 14). */
export function withEmojiAt(text: string, start: number, end: number, emoji: string) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before && !/\s$/.test(before) ? " " : "";
  const trail = after && /^\s/.test(after) ? "" : " ";
  const inserted = `${lead}${emoji}${trail}`;
  return { text: before + inserted + after, caret: start + inserted.length };
}

export interface ChatComposerProps {
  partnerLabel: string;
  onSend: (content: string) => void;
  onTyping: (isTyping: boolean) => void;
  onCancelReply: () => void;
}

/** The message box: Enter sends, Shift+Enter adds a line; typing is announced and stops after 2 s idle. */
export function ChatComposer({ partnerLabel, onSend, onTyping, onCancelReply }: ChatComposerProps) {
  const composer = useComposerText({ onSend, onTyping });
  const { text, isTooLong, inputRef, change } = composer;
  const { resolved } = useTheme();
  const selected = useRandomChatStore((state) => state.selectedMessage);
  const userId = useRandomChatStore((state) => state.userId);
  const error = useRandomChatStore((state) => state.error);

  useEffect(() => {
    if (selected) inputRef.current?.focus();
  }, [selected, inputRef]);

  const insertEmoji = (emoji: string) => {
    const input = inputRef.current;
    const next = withEmojiAt(
      text,
      input?.selectionStart ?? text.length,
      input?.selectionEnd ?? text.length,
      emoji,
    );
    change(next.text);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  const shownError = isTooLong ? CHAT_MESSAGE_TOO_LONG : error;
  return (
    <form
      onSubmit={composer.submit}
      className="border-t border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {selected ? (
        <div data-testid="reply-preview" className="mb-2 flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Replying to</p>
            <ReplyQuote
              reply={selected}
              label={senderLabel(selected.senderId, userId, partnerLabel)}
              tone="other"
            />
          </div>
          <button
            type="button"
            aria-label="Cancel reply"
            onClick={onCancelReply}
            className="inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <EmojiButton onPick={insertEmoji} className={ICON_BUTTON} isDark={resolved === "dark"} />
        <ComposerTextarea
          id="chat-composer"
          label="Message"
          placeholder="Type a message…"
          describedBy="composer-counter composer-error"
          composer={composer}
        />
        <SendButton disabled={!text.trim() || isTooLong} />
      </div>
      <div className="mt-1 flex items-start justify-between gap-3 text-xs">
        <p id="composer-error" role="alert" className="text-rose-700 dark:text-rose-300">
          {shownError ?? ""}
        </p>
        <p
          id="composer-counter"
          className={
            isTooLong ? "font-semibold text-rose-700 dark:text-rose-300" : "text-zinc-500 dark:text-zinc-400"
          }
        >
          {text.length}/{CHAT_MESSAGE_MAX_LENGTH}
        </p>
      </div>
    </form>
  );
}

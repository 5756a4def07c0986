import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGE_TOO_LONG } from "@heartline/shared";
import { X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { SendButton } from "../../../ui/send-button";
import { useRandomChatStore } from "../state/random-chat-store";
import { ReplyQuote, senderLabel } from "./message-bubble";

/** `typing {isTyping:false}` follows this long after the last keystroke. */
export const TYPING_IDLE_MS = 2_000;

export interface ChatComposerProps {
  partnerLabel: string;
  onSend: (content: string) => void;
  onTyping: (isTyping: boolean) => void;
  onCancelReply: () => void;
}

/** The message box: Enter sends, Shift+Enter adds a line; typing is announced and stops after 2 s idle. */
export function ChatComposer({ partnerLabel, onSend, onTyping, onCancelReply }: ChatComposerProps) {
  const [text, setText] = useState("");
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const selected = useRandomChatStore((state) => state.selectedMessage);
  const userId = useRandomChatStore((state) => state.userId);
  const error = useRandomChatStore((state) => state.error);
  const isTooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;

  useEffect(() => () => clearTimeout(idleTimer.current), []);
  useEffect(() => {
    if (selected) inputRef.current?.focus();
  }, [selected]);

  const change = (value: string) => {
    setText(value);
    clearTimeout(idleTimer.current);
    if (!value) {
      onTyping(false);
      return;
    }
    onTyping(true);
    idleTimer.current = setTimeout(() => onTyping(false), TYPING_IDLE_MS);
  };

  const send = () => {
    if (!text.trim() || isTooLong) return;
    clearTimeout(idleTimer.current);
    onSend(text);
    setText("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const shownError = isTooLong ? CHAT_MESSAGE_TOO_LONG : error;
  return (
    <form
      onSubmit={submit}
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
        <label htmlFor="chat-composer" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-composer"
          ref={inputRef}
          rows={1}
          value={text}
          onChange={(event) => change(event.target.value)}
          onKeyDown={keyDown}
          onBlur={() => {
            clearTimeout(idleTimer.current);
            onTyping(false);
          }}
          placeholder="Type a message…"
          aria-describedby="composer-counter composer-error"
          aria-invalid={isTooLong}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2.5 text-sm text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-400"
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

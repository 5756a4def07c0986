import { CHAT_MESSAGE_MAX_LENGTH } from "@heartline/shared";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { insertAtCaret } from "./insert-at-caret";

/** `typing {isTyping:false}` follows this long after the last keystroke. */
export const TYPING_IDLE_MS = 2_000;

export interface ComposerTextOptions {
  onSend: (text: string) => void;
  onTyping: (isTyping: boolean) => void;
  /** Sending is refused while true (a muted user). */
  isBlocked?: boolean;
  /** How long after the last keystroke typing stops (default `TYPING_IDLE_MS`). */
  idleMs?: number;
  /** An empty box may be sent (a staged picture whose caption is optional). */
  canSendEmpty?: boolean;
}

/**
 * The text of a chat message box: typing is announced and stops after 2 s idle or on blur; Enter sends
 * (not while an IME is composing), Shift+Enter adds a line; nothing empty or over the limit is sent.
 */
export function useComposerText({
  onSend,
  onTyping,
  isBlocked = false,
  idleMs = TYPING_IDLE_MS,
  canSendEmpty = false,
}: ComposerTextOptions) {
  const [text, setText] = useState("");
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const isTooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;

  useEffect(() => () => clearTimeout(idleTimer.current), []);

  const change = (value: string) => {
    setText(value);
    clearTimeout(idleTimer.current);
    if (!value) {
      onTyping(false);
      return;
    }
    onTyping(true);
    idleTimer.current = setTimeout(() => onTyping(false), idleMs);
  };

  const send = () => {
    if ((!text.trim() && !canSendEmpty) || isTooLong || isBlocked) return;
    clearTimeout(idleTimer.current);
    onSend(text);
    setText("");
  };

  /** An emoji from the picker, at the caret with a space (issue #14); the box keeps focus. */
  const insert = (value: string) => {
    const input = inputRef.current;
    const edit = insertAtCaret(
      text,
      input?.selectionStart ?? text.length,
      input?.selectionEnd ?? text.length,
      value,
    );
    change(edit.text);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(edit.caret, edit.caret);
    });
  };

  return {
    text,
    isTooLong,
    inputRef,
    change,
    insert,
    submit: (event: FormEvent) => {
      event.preventDefault();
      send();
    },
    keyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
        event.preventDefault();
        send();
      }
    },
    blur: () => {
      clearTimeout(idleTimer.current);
      onTyping(false);
    },
  };
}

export type ComposerText = ReturnType<typeof useComposerText>;

import { useEffect, useState } from "react";
import type { TypingEntry } from "../state/group-room-state";

/** A typing notice older than this is dropped (a lost `isTyping:false` must not stick). */
export const TYPING_STALE_MS = 6_000;

/** spec §2 Who is typing, as one line under the messages. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} more are typing…`;
}

export function TypingIndicator({ typing }: { typing: Readonly<Record<string, TypingEntry>> }) {
  const [now, setNow] = useState(() => Date.now());
  const hasAny = Object.keys(typing).length > 0;
  useEffect(() => {
    if (!hasAny) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [hasAny]);
  const names = Object.values(typing)
    .filter((entry) => now - entry.since < TYPING_STALE_MS)
    .map((entry) => entry.username);
  return (
    <div className="h-5 px-4 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
      {names.length > 0 ? <span data-testid="typing-indicator">{typingText(names)}</span> : null}
    </div>
  );
}

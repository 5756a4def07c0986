import { useEffect, useState } from "react";
import { useT } from "../../../lib/i18n/use-t";
import type { TypingEntry } from "../state/group-room-state";

/** A typing notice older than this is dropped (a lost `isTyping:false` must not stick). */
export const TYPING_STALE_MS = 6_000;

/** spec §2 Who is typing, as one line under the messages. */
export function typingText(names: readonly string[], t: ReturnType<typeof useT>): string {
  const [first = "", second = ""] = names;
  if (names.length === 0) return "";
  if (names.length === 1) return t("chat.typing", { name: first });
  if (names.length === 2) return t("group.typing.two", { first, second });
  return t("group.typing.more", { first, second, count: names.length - 2 });
}

export function TypingIndicator({ typing }: { typing: Readonly<Record<string, TypingEntry>> }) {
  const [now, setNow] = useState(() => Date.now());
  const t = useT();
  const hasAny = Object.keys(typing).length > 0;
  useEffect(() => {
    if (!hasAny) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [hasAny]);
  const names = Object.values(typing)
    .filter((entry) => TYPING_STALE_MS > now - entry.since)
    .map((entry) => entry.username);
  return (
    <div className="h-5 px-4 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
      {names.length > 0 ? <span data-testid="typing-indicator">{typingText(names, t)}</span> : null}
    </div>
  );
}

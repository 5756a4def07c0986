import { useEffect, useState } from "react";
import { useT } from "../../../lib/i18n/use-t";

/** A typing notice not refreshed within this long is dropped (a lost `isTyping:false` must not stick). */
export const DM_TYPING_STALE_MS = 6_000;

/** "{name} is typing…" under the thread while the partner types. */
export function DmTypingLine({ name, since }: { name: string; since: number | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  const t = useT();
  useEffect(() => {
    if (since === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  const isTyping = since !== undefined && DM_TYPING_STALE_MS > now - since;
  return (
    <div className="h-5 px-4 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
      {isTyping ? <span data-testid="dm-typing">{t("chat.typing", { name })}</span> : null}
    </div>
  );
}

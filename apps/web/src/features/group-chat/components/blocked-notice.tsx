import { EyeOff } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";

export interface BlockedNoticeProps {
  isShown: boolean;
  onToggle: () => void;
  /** A message of the blocked person, or the quote of one inside a reply. */
  kind: "message" | "quote";
}

/**
 * Discord's "blocked message — Show" (issue #33): what a person the viewer blocked wrote is folded
 * away, replies and @-mentions included, until the viewer asks to see it. The button says what it
 * shows and whether it is open, and is reached by Tab like every other action.
 */
export function BlockedNotice({ isShown, onToggle, kind }: BlockedNoticeProps) {
  const t = useT();
  const label =
    kind === "quote"
      ? t(isShown ? "group.blocked.hideQuote" : "group.blocked.showQuote")
      : t(isShown ? "group.blocked.hideMessage" : "group.blocked.showMessage");
  return (
    <span
      data-testid="blocked-notice"
      className="inline-flex flex-wrap items-center gap-x-2 text-xs text-zinc-600 dark:text-zinc-400"
    >
      <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
      <span>{kind === "quote" ? t("group.blocked.quote") : t("group.blocked.message")}</span>
      <button
        type="button"
        aria-expanded={isShown}
        aria-label={label}
        onClick={onToggle}
        className="rounded px-1 font-semibold text-rose-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-rose-300"
      >
        {isShown ? t("group.blocked.hide") : t("group.blocked.show")}
      </button>
    </span>
  );
}

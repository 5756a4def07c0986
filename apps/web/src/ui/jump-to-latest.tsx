import { ArrowDown } from "lucide-react";

export interface JumpToLatestProps {
  /** How many messages came in while the reader was scrolled up (0: none, the button only jumps). */
  unseen: number;
  onClick: () => void;
}

/**
 * issue #14, #38: floats over a chat scrolled up from its newest message; a tap jumps there. Messages
 * that arrived meanwhile are counted on it ("3 new"), as in Discord and Telegram.
 */
export function JumpToLatest({ unseen, onClick }: JumpToLatestProps) {
  const newText = unseen === 1 ? "1 new message" : `${unseen} new messages`;
  return (
    <button
      type="button"
      data-testid="jump-to-latest"
      onClick={onClick}
      className="absolute bottom-3 left-1/2 z-10 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-rose-600 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-300 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-zinc-950"
    >
      <ArrowDown aria-hidden="true" className="size-4" />
      Jump to latest
      {unseen > 0 ? (
        <span data-testid="jump-to-latest-count" className="rounded-full bg-white/20 px-2 text-xs">
          <span aria-hidden="true">{unseen > 99 ? "99+ new" : `${unseen} new`}</span>
          <span className="sr-only">, {newText}</span>
        </span>
      ) : null}
    </button>
  );
}

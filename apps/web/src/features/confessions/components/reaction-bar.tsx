import {
  CONFESSION_REACTION_LABELS,
  CONFESSION_REACTIONS,
  type ConfessionReaction,
  type ConfessionReactionCounts,
} from "@heartline/shared";

export interface ReactionBarProps {
  reactions: ConfessionReactionCounts;
  myReaction: ConfessionReaction | null;
  onReact: (emoji: ConfessionReaction) => void;
}

/** The six reactions with their counts; the viewer's own is pressed (tap again removes it). */
export function ReactionBar({ reactions, myReaction, onReact }: ReactionBarProps) {
  return (
    <fieldset className="flex flex-wrap gap-1 sm:gap-1.5">
      <legend className="sr-only">Reactions</legend>
      {CONFESSION_REACTIONS.map((emoji) => {
        const count = reactions[emoji] ?? 0;
        const isMine = myReaction === emoji;
        return (
          <button
            key={emoji}
            type="button"
            aria-pressed={isMine}
            aria-label={`${CONFESSION_REACTION_LABELS[emoji]} ${emoji}, ${count}`}
            title={CONFESSION_REACTION_LABELS[emoji]}
            onClick={() => onReact(emoji)}
            className={`inline-flex h-9 items-center justify-center gap-1 rounded-full border px-2 text-sm sm:min-w-12 sm:px-2.5 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 ${
              isMine
                ? "border-rose-400 bg-rose-50 font-semibold text-rose-800 dark:border-rose-500 dark:bg-rose-950/60 dark:text-rose-100"
                : "border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800"
            }`}
          >
            <span aria-hidden="true" className="font-emoji">
              {emoji}
            </span>
            <span aria-hidden="true" className="tabular-nums">
              {count}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

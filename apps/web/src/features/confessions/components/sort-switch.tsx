import type { ConfessionSort } from "@heartline/shared";

const SORT_LABELS: Record<ConfessionSort, string> = {
  new: "New",
  "top-day": "Top today",
  "top-week": "Top this week",
};

export interface SortSwitchProps {
  sort: ConfessionSort;
  onSort: (sort: ConfessionSort) => void;
}

/** New / Top today / Top this week: the pressed one is the feed shown. */
export function SortSwitch({ sort, onSort }: SortSwitchProps) {
  return (
    <fieldset className="inline-flex rounded-xl border border-zinc-200 bg-white p-1 dark:border-zinc-800 dark:bg-zinc-900">
      <legend className="sr-only">Sort confessions</legend>
      {(Object.keys(SORT_LABELS) as ConfessionSort[]).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={sort === value}
          onClick={() => onSort(value)}
          className={`h-8 rounded-lg px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 ${
            sort === value
              ? "bg-rose-600 text-white"
              : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          }`}
        >
          {SORT_LABELS[value]}
        </button>
      ))}
    </fieldset>
  );
}

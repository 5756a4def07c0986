const SKELETON_CARDS = [0, 1, 2];

/** Placeholder cards while the first page loads. */
export function FeedSkeleton() {
  return (
    <div role="status" aria-label="Loading confessions" className="space-y-4">
      {SKELETON_CARDS.map((card) => (
        <div
          key={card}
          aria-hidden="true"
          className="animate-pulse rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="h-3 w-28 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="mt-4 h-3 w-full rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="mt-2 h-3 w-4/5 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="mt-5 flex gap-2">
            {SKELETON_CARDS.map((pill) => (
              <div key={pill} className="h-8 w-12 rounded-full bg-zinc-200 dark:bg-zinc-800" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

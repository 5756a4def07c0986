import type { ConfessionReaction, ConfessionView } from "@heartline/shared";
import { Sparkles } from "lucide-react";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { useInfiniteScroll } from "../../../ui/use-infinite-scroll";
import type { ConfessionReportSubject } from "../api/report-confession";
import type { useConfessionFeed } from "../api/use-confession-feed";
import { useMinuteTick } from "../hooks/use-minute-tick";
import { ConfessionCard } from "./confession-card";
import { FeedSkeleton } from "./feed-skeleton";

export interface ConfessionFeedListProps {
  feed: ReturnType<typeof useConfessionFeed>;
  onReact: (confession: ConfessionView, emoji: ConfessionReaction) => void;
  onReport: (subject: ConfessionReportSubject) => void;
  onDelete: (confession: ConfessionView) => void;
  /** The confession a link named, when this feed has it. */
  linkedId?: string | null;
}

/** The feed's states: skeletons, an error with Retry, the empty wall, or the cards with more below. */
export function ConfessionFeedList({
  feed,
  onReact,
  onReport,
  onDelete,
  linkedId = null,
}: ConfessionFeedListProps) {
  const canLoadMore = feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError;
  const sentinelRef = useInfiniteScroll(() => void feed.fetchNextPage(), canLoadMore);
  // Cards and their threads read the clock when they render; this keeps their relative times moving.
  useMinuteTick();

  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError && feed.confessions.length === 0) {
    return (
      <div
        role="alert"
        className="rounded-2xl border border-rose-200 bg-rose-50 p-5 text-sm text-rose-800 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-200"
      >
        <p>{feed.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void feed.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (feed.confessions.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
        <Sparkles aria-hidden="true" className="mx-auto size-8 text-rose-500" />
        <p className="mt-3 font-semibold text-zinc-800 dark:text-zinc-100">
          No confessions yet — be the first.
        </p>
      </div>
    );
  }
  return (
    <div>
      <ul aria-label="Confessions" className="space-y-4">
        {feed.confessions.map((confession) => (
          <li key={confession.id}>
            <ConfessionCard
              confession={confession}
              onReact={onReact}
              onReport={onReport}
              onDelete={onDelete}
              isLinked={confession.id === linkedId}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} className="flex min-h-16 items-center justify-center py-4">
        {feed.isFetchingNextPage ? (
          <Spinner label="Loading more confessions" size="sm" />
        ) : feed.isFetchNextPageError ? (
          <Button variant="secondary" size="sm" onClick={() => void feed.fetchNextPage()}>
            Couldn't load more — try again
          </Button>
        ) : feed.hasNextPage ? null : (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            You've reached the beginning of the wall.
          </p>
        )}
      </div>
    </div>
  );
}

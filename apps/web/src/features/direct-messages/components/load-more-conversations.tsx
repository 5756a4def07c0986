import { useT } from "../../../lib/i18n/use-t";
import { buttonClasses } from "../../../ui/button";
import { useInfiniteScroll } from "../../../ui/use-infinite-scroll";

export interface LoadMoreConversationsProps {
  /** Loads the next page (ADR 0010); the caller passes it only while there is one. */
  onLoadMore: () => void;
  isLoading: boolean;
  /** The last page load failed: no automatic retry, the button asks for it. */
  hasFailed: boolean;
}

/**
 * The end of the conversation list while older pages exist: the next page loads as it scrolls into
 * view, and the button does the same from the keyboard (or where IntersectionObserver is missing).
 */
export function LoadMoreConversations({ onLoadMore, isLoading, hasFailed }: LoadMoreConversationsProps) {
  const sentinelRef = useInfiniteScroll(onLoadMore, !isLoading && !hasFailed);
  const t = useT();
  return (
    <div ref={sentinelRef} className="flex flex-col items-center gap-1 py-3">
      {hasFailed ? (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {t("dm.list.loadMoreFailed")}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => {
          if (!isLoading) onLoadMore();
        }}
        aria-busy={isLoading || undefined}
        className={buttonClasses("secondary", "sm")}
      >
        {isLoading ? t("dm.list.loadingMore") : t("dm.list.loadMore")}
      </button>
    </div>
  );
}

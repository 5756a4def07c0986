import { useEffect, useRef } from "react";

/** Distance below the viewport at which the next page starts loading, so scrolling rarely waits. */
const PRELOAD_MARGIN = "600px";

/**
 * Calls `onReach` when the returned sentinel element scrolls near the viewport (and again whenever it
 * is still there after a page arrived, through `isEnabled` turning back on).
 */
export function useInfiniteScroll(onReach: () => void, isEnabled: boolean) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onReachRef = useRef(onReach);
  onReachRef.current = onReach;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !isEnabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachRef.current();
      },
      { rootMargin: `0px 0px ${PRELOAD_MARGIN} 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isEnabled]);

  return sentinelRef;
}

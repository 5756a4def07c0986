import type { ConfessionCounts, ConfessionPage, ConfessionView } from "@heartline/shared";
import type { InfiniteData } from "@tanstack/react-query";

/** A feed as TanStack Query keeps it: keyset pages, the cursor each was fetched with. */
export type ConfessionFeed = InfiniteData<ConfessionPage>;

export function feedConfessions(feed: ConfessionFeed | undefined): ConfessionView[] {
  if (!feed) return [];
  // A confession can sit on two pages when new ones pushed the keyset along between fetches.
  const byId = new Map<string, ConfessionView>();
  for (const confession of feed.pages.flatMap((page) => page.confessions)) {
    if (!byId.has(confession.id)) byId.set(confession.id, confession);
  }
  return [...byId.values()];
}

export function hasConfession(feed: ConfessionFeed | undefined, id: string): boolean {
  return feed?.pages.some((page) => page.confessions.some((confession) => confession.id === id)) ?? false;
}

/** Changes one confession wherever it is in the feed; the same feed object when it is not there. */
export function updateConfession(
  feed: ConfessionFeed,
  id: string,
  change: (confession: ConfessionView) => ConfessionView,
): ConfessionFeed {
  if (!hasConfession(feed, id)) return feed;
  return {
    ...feed,
    pages: feed.pages.map((page) => ({
      ...page,
      confessions: page.confessions.map((confession) =>
        confession.id === id ? change(confession) : confession,
      ),
    })),
  };
}

export function removeConfession(feed: ConfessionFeed, id: string): ConfessionFeed {
  if (!hasConfession(feed, id)) return feed;
  return {
    ...feed,
    pages: feed.pages.map((page) => ({
      ...page,
      confessions: page.confessions.filter((confession) => confession.id !== id),
    })),
  };
}

/** A `confession_counts` push: the server's exact numbers (the viewer's own reaction is kept). */
export function applyCounts(feed: ConfessionFeed, counts: ConfessionCounts): ConfessionFeed {
  return updateConfession(feed, counts.id, (confession) => ({
    ...confession,
    reactions: counts.reactions,
    commentCount: counts.commentCount,
  }));
}

/** The viewer's own new post, at the top of the newest-first feed (once). */
export function prependConfession(feed: ConfessionFeed, confession: ConfessionView): ConfessionFeed {
  if (hasConfession(feed, confession.id)) return feed;
  const [first, ...rest] = feed.pages;
  if (!first) return feed;
  return { ...feed, pages: [{ ...first, confessions: [confession, ...first.confessions] }, ...rest] };
}

/**
 * The newest page fetched again when the reader opens the "N new confessions" banner: what is not
 * shown yet goes on top. When the fresh page does not reach what is shown (more arrived than one page),
 * the feed starts over from the fresh page, so no gap is ever hidden between old and new.
 */
export function mergeFreshPage(feed: ConfessionFeed, fresh: ConfessionPage): ConfessionFeed {
  const overlaps = fresh.confessions.some((confession) => hasConfession(feed, confession.id));
  if (!overlaps && feed.pages.some((page) => page.confessions.length > 0)) {
    return { pages: [fresh], pageParams: [null] };
  }
  const added = fresh.confessions.filter((confession) => !hasConfession(feed, confession.id));
  if (added.length === 0) return feed;
  const [first, ...rest] = feed.pages;
  if (!first) return { pages: [fresh], pageParams: [null] };
  return { ...feed, pages: [{ ...first, confessions: [...added, ...first.confessions] }, ...rest] };
}

/** Ids announced by `confession_created` that the feed does not show yet (the banner's N). */
export function unseenCount(announced: ReadonlySet<string>, feed: ConfessionFeed | undefined): number {
  let count = 0;
  for (const id of announced) if (!hasConfession(feed, id)) count += 1;
  return count;
}

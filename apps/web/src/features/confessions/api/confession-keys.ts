import type { ConfessionSort } from "@heartline/shared";

/** TanStack Query keys of the confession wall (STYLE: key factories). */
export const confessionKeys = {
  all: ["confessions"] as const,
  /** Every feed (one per sort): pushes update them all. */
  feeds: () => [...confessionKeys.all, "feed"] as const,
  /** `GET /api/confessions?sort=` → `ConfessionPage`s (`useInfiniteQuery`). */
  feed: (sort: ConfessionSort) => [...confessionKeys.feeds(), sort] as const,
  /** `GET /api/confessions/:id` → `{ confession }` (one a link names, not in the loaded feed). */
  one: (confessionId: string) => [...confessionKeys.all, "one", confessionId] as const,
  /** `GET /api/confessions/:id/comments` → `ConfessionCommentList`. */
  comments: (confessionId: string) => [...confessionKeys.all, "comments", confessionId] as const,
};

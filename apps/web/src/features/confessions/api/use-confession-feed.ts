import { CONFESSION_PATHS, type ConfessionPage, type ConfessionSort } from "@heartline/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { feedConfessions } from "../state/feed-state";
import { confessionKeys } from "./confession-keys";

/** One page of the feed: the first without a cursor, the next with the last page's `nextCursor`. */
export function fetchConfessionPage(sort: ConfessionSort, cursor: string | null): Promise<ConfessionPage> {
  const query = new URLSearchParams({ sort });
  if (cursor) query.set("cursor", cursor);
  return apiRequest<ConfessionPage>(`${CONFESSION_PATHS.confessions}?${query}`);
}

/** The wall in keyset pages (infinite scroll), kept live by the wall's pushes (applyConfessionEvent). */
export function useConfessionFeed(sort: ConfessionSort) {
  const query = useInfiniteQuery({
    queryKey: confessionKeys.feed(sort),
    queryFn: ({ pageParam }) => fetchConfessionPage(sort, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, confessions: feedConfessions(query.data) };
}

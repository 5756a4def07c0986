import { CONFESSION_PATHS, type ConfessionView } from "@heartline/shared";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/http-client";
import { confessionKeys } from "./confession-keys";

/** Where the confession a link names (`?confession=<id>`, a comment's notification) is shown. */
export type LinkedConfession =
  | { state: "none" }
  | { state: "loading" }
  | { state: "in-feed"; id: string }
  | { state: "fetched"; confession: ConfessionView }
  | { state: "gone" }
  | { state: "error"; message: string };

/**
 * Issue #40: the linked confession is highlighted where the loaded feed has it; otherwise it is fetched
 * alone (`GET /api/confessions/:id`) and shown above the feed, or said to be gone (a 404: removed).
 */
export function useLinkedConfession(
  id: string | null,
  feed: { isPending: boolean; confessions: readonly ConfessionView[] },
): LinkedConfession {
  const isInFeed = id !== null && feed.confessions.some((confession) => confession.id === id);
  const alone = useQuery({
    queryKey: confessionKeys.one(id ?? ""),
    queryFn: () => apiRequest<{ confession: ConfessionView }>(CONFESSION_PATHS.confession(id ?? "")),
    enabled: id !== null && !feed.isPending && !isInFeed,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (id === null) return { state: "none" };
  if (isInFeed) return { state: "in-feed", id };
  if (alone.data) return { state: "fetched", confession: alone.data.confession };
  if (alone.error instanceof ApiError && alone.error.status === 404) return { state: "gone" };
  if (alone.error) return { state: "error", message: alone.error.message };
  return { state: "loading" };
}

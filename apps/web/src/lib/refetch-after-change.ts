import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Reads a query again because the server said it changed. `invalidateQueries` alone reuses a first load
 * that is still in flight (TanStack Query cancels a fetch in flight only when the query already has
 * data), and that load may have been answered before the change: its answer would then stand until the
 * next refetch. Cancelling first makes the refetch a new request.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/**
 * Applies a pushed change to a cached query. A read still in flight began before the push: it is
 * cancelled (which restores the state from before it, synchronously) so its answer cannot overwrite the
 * change. When nothing is cached yet to change, the query is read again; that answer holds the change.
 */
export function applyPushedChange<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  change: (current: T | undefined) => T | undefined,
): void {
  void queryClient.cancelQueries({ queryKey });
  const next = queryClient.setQueryData<T>(queryKey, change);
  if (next === undefined) void queryClient.invalidateQueries({ queryKey });
}

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

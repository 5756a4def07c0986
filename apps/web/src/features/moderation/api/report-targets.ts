import type { AdminReportTarget } from "@heartline/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { adminApi } from "./admin-api";
import { moderationKeys } from "./moderation-keys";

export interface UseOpenReportTargetsOptions {
  /** API origin; empty in the app (same origin). */
  baseUrl?: string;
}

/**
 * The open report queue grouped by reported user (one row per user with the count, the newest reason
 * and the newest reports' snapshots), in keyset pages: `fetchNextPage` is the 'Load more' button.
 */
export function useOpenReportTargets({ baseUrl }: UseOpenReportTargetsOptions = {}) {
  const query = useInfiniteQuery({
    queryKey: moderationKeys.reportTargets("open"),
    queryFn: ({ pageParam }) =>
      adminApi.reportTargets({
        status: "open",
        cursor: pageParam,
        ...(baseUrl !== undefined ? { baseUrl } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const targets: AdminReportTarget[] | undefined = query.data?.pages.flatMap((page) => page.targets);
  return { ...query, targets };
}

import { type Leaderboard, STREAK_PATHS, STREAK_POLL_INTERVAL_MS } from "@heartline/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";

/** TanStack Query keys of the leaderboard (STYLE: key factories). */
export const leaderboardKeys = {
  all: ["leaderboard"] as const,
  /** Public `GET /api/leaderboard` → `Leaderboard` (top 10). */
  top: () => [...leaderboardKeys.all, "top"] as const,
};

/**
 * The live top 10 (spec §2 Leaderboard page), asked again every 10 s while the page is visible
 * (spec §7 polls streaks every 10 s); a hidden tab stops asking (TanStack pauses the interval).
 */
export function useLeaderboard() {
  return useQuery({
    queryKey: leaderboardKeys.top(),
    queryFn: ({ signal }) => apiRequest<Leaderboard>(STREAK_PATHS.leaderboard, { signal }),
    refetchInterval: STREAK_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}

import { STREAK_DEFAULT_TIME_ZONE, STREAK_PATHS, type StreakList, type StreakView } from "@heartline/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { useStreakClock } from "../state/streak-clock";
import { streakAt } from "../state/streak-status";
import { streakKeys } from "./streak-keys";

const streaksQuery = (isEnabled: boolean) => ({
  queryKey: streakKeys.list(),
  queryFn: () => apiRequest<StreakList>(STREAK_PATHS.streaks),
  // Pushes (`streak_updated`) keep it current; the clock recomputes statuses without a request.
  staleTime: Number.POSITIVE_INFINITY,
  enabled: isEnabled,
});

/**
 * My streaks with every friend (registered, verified users only). The group chat layout loads it once
 * (`useStreakEvents`); everything else reads the same cache.
 */
export function useStreaks(isEnabled: boolean) {
  return useQuery(streaksQuery(isEnabled));
}

export interface FriendStreak {
  streak: StreakView;
  timeZone: string;
}

/**
 * My streak with one friend as shown now (status recomputed by the streak clock), or null when there
 * is none: non-friends and friends who never messaged show nothing (spec §4).
 */
export function useFriendStreak(friendId: string | null | undefined): FriendStreak | null {
  const now = useStreakClock((state) => state.now);
  const { data } = useQuery(streaksQuery(false));
  const found = friendId ? data?.streaks.find((streak) => streak.friendId === friendId) : undefined;
  if (!found || !data) return null;
  const timeZone = data.timeZone || STREAK_DEFAULT_TIME_ZONE;
  return { streak: streakAt(found, now, timeZone), timeZone };
}

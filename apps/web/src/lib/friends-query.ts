import { type FriendList, SOCIAL_PATHS } from "@heartline/shared";
import { apiRequest } from "./http-client";

/**
 * The friends list's query, below the features: the friends feature owns the list, and the streaks
 * feature reads a friend's name from it for a toast (outside React), without importing friends.
 * The keys are TanStack Query key factories (STYLE).
 */
export const friendsKeys = {
  all: ["friends"] as const,
  /** `GET /api/friends` → `FriendList`. */
  list: () => [...friendsKeys.all, "list"] as const,
  /** `GET /api/friend-requests` → `FriendRequestList`. */
  requests: () => [...friendsKeys.all, "requests"] as const,
};

/** spec §4 / constants: the friends list is kept 10 min. */
export const FRIENDS_STALE_MS = 10 * 60 * 1000;

/** The friends list query, also for features that need a friend's name outside React (streak toasts). */
export const friendsQuery = () => ({
  queryKey: friendsKeys.list(),
  queryFn: () => apiRequest<FriendList>(SOCIAL_PATHS.friends),
  staleTime: FRIENDS_STALE_MS,
});

import { type FriendList, SOCIAL_PATHS } from "@heartline/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { FRIENDS_STALE_MS, friendsKeys } from "./friends-keys";

/** The friends list query, also for features that need a friend's name outside React (streak toasts). */
export const friendsQuery = () => ({
  queryKey: friendsKeys.list(),
  queryFn: () => apiRequest<FriendList>(SOCIAL_PATHS.friends),
  staleTime: FRIENDS_STALE_MS,
});

/** My accepted friends (spec §3 Friend profile). Only asked for registered, verified users. */
export function useFriends(isEnabled: boolean) {
  return useQuery({ ...friendsQuery(), enabled: isEnabled });
}

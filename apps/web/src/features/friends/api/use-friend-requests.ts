import { type FriendRequestList, SOCIAL_PATHS } from "@heartline/shared";
import { useQuery } from "@tanstack/react-query";
import { friendsKeys } from "../../../lib/friends-query";
import { apiRequest } from "../../../lib/http-client";

/** Pending requests, incoming and outgoing; kept live by `friend_request` pushes (applyFriendsEvent). */
export function useFriendRequests(isEnabled: boolean) {
  return useQuery({
    queryKey: friendsKeys.requests(),
    queryFn: () => apiRequest<FriendRequestList>(SOCIAL_PATHS.friendRequests),
    enabled: isEnabled,
  });
}

/** How many requests wait for my answer (the header badge). */
export function usePendingRequestCount(isEnabled: boolean): number {
  const { data } = useFriendRequests(isEnabled);
  return data?.incoming.length ?? 0;
}

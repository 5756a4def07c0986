import { SOCIAL_PATHS } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { friendsKeys } from "../../../lib/friends-query";
import { apiRequest } from "../../../lib/http-client";
import { applyFriendsEvent } from "../state/apply-friends-event";

export type FriendRequestAction = "accept" | "decline" | "cancel";

const STATUS_OF = { accept: "accepted", decline: "declined", cancel: "cancelled" } as const;

function requestFor(action: FriendRequestAction, id: string): Promise<unknown> {
  if (action === "accept") return apiRequest(SOCIAL_PATHS.acceptFriendRequest(id), { method: "POST" });
  if (action === "decline") return apiRequest(SOCIAL_PATHS.declineFriendRequest(id), { method: "POST" });
  return apiRequest(SOCIAL_PATHS.friendRequest(id), { method: "DELETE" });
}

/** Accept or decline an incoming request, or cancel an outgoing one. */
export function useFriendRequestAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: FriendRequestAction; id: string; userId: string }) =>
      requestFor(action, id),
    onSuccess: (_result, { action, id, userId }) => {
      applyFriendsEvent(queryClient, {
        type: "friend_request_updated",
        update: { id, status: STATUS_OF[action], userId },
      });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: friendsKeys.requests() }),
  });
}

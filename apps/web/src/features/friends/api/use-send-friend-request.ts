import { type SendFriendRequestInput, type SendFriendRequestResult, SOCIAL_PATHS } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { applyFriendsEvent } from "../state/apply-friends-event";

/** `POST /api/friend-requests` by username or id; the server's refusal text reaches the caller as ApiError. */
export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendFriendRequestInput) =>
      apiRequest<SendFriendRequestResult>(SOCIAL_PATHS.friendRequests, { method: "POST", json: input }),
    onSuccess: (result) => {
      if (result.status === "pending") {
        applyFriendsEvent(queryClient, { type: "friend_request", request: result.request });
      } else {
        applyFriendsEvent(queryClient, { type: "friend_added", friend: result.friend });
      }
    },
  });
}

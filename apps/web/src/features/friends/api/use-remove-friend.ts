import { SOCIAL_PATHS } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { friendsKeys } from "../../../lib/friends-query";
import { apiRequest } from "../../../lib/http-client";

/** `DELETE /api/friends/:userId` (either direction). */
export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(SOCIAL_PATHS.friend(userId), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: friendsKeys.list() }),
  });
}

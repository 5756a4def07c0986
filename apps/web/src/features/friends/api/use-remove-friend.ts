import { SOCIAL_PATHS } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { friendsKeys } from "./friends-keys";

/** `DELETE /api/friends/:userId` (either direction). */
export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(SOCIAL_PATHS.friend(userId), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: friendsKeys.list() }),
  });
}

import { MODERATION_PATHS } from "@heartline/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { adminApi } from "./admin-api";

/**
 * Deletes a group message for everyone; the room hears of it through the socket. An author deletes
 * their own through `DELETE /api/group/messages/:id` (issue #38), an admin anyone's through the admin path.
 */
export function useDeleteGroupMessage() {
  return useMutation({
    mutationFn: ({ messageId, isOwn }: { messageId: string; isOwn: boolean }) =>
      isOwn
        ? apiRequest<{ deleted: boolean }>(MODERATION_PATHS.groupMessage(messageId), { method: "DELETE" })
        : adminApi.deleteGroupMessage(messageId),
  });
}

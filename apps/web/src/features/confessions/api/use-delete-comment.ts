import { CONFESSION_PATHS } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { applyConfessionEvent } from "../state/apply-confession-event";

/** The author deletes their own comment (its replies go with it). */
export function useDeleteComment(confessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      apiRequest(CONFESSION_PATHS.comment(confessionId, commentId), { method: "DELETE" }),
    onSuccess: (_result, commentId) =>
      applyConfessionEvent(queryClient, { type: "comment_removed", confessionId, commentId }),
  });
}

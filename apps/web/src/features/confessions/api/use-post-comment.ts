import {
  CONFESSION_PATHS,
  type ConfessionComment,
  type CreateConfessionCommentInput,
} from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { applyConfessionEvent } from "../state/apply-confession-event";

/** `POST /api/confessions/:id/comments` (a reply names its top-level `parentId`). */
export function usePostComment(confessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConfessionCommentInput) =>
      apiRequest<{ comment: ConfessionComment }>(CONFESSION_PATHS.comments(confessionId), {
        method: "POST",
        json: input,
      }),
    onSuccess: ({ comment }) => applyConfessionEvent(queryClient, { type: "comment_created", comment }),
  });
}

import { CONFESSION_PATHS, type ConfessionCommentList } from "@heartline/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { confessionKeys } from "./confession-keys";

/** One confession's thread, oldest first; kept live by the comment pushes while it is open. */
export function useConfessionComments(confessionId: string) {
  return useQuery({
    queryKey: confessionKeys.comments(confessionId),
    queryFn: () => apiRequest<ConfessionCommentList>(CONFESSION_PATHS.comments(confessionId)),
  });
}

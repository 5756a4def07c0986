import { CONFESSION_PATHS } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { applyConfessionEvent } from "../state/apply-confession-event";

/** The author deletes their own confession (its comments and reactions go with it). */
export function useDeleteConfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(CONFESSION_PATHS.confession(id), { method: "DELETE" }),
    onSuccess: (_result, id) => applyConfessionEvent(queryClient, { type: "removed", id }),
  });
}

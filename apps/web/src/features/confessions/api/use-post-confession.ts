import { CONFESSION_PATHS, type ConfessionView, type CreateConfessionInput } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";
import { applyConfessionEvent } from "../state/apply-confession-event";

/** `POST /api/confessions`: the client's uuid makes a retry land on the same row. */
export function usePostConfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConfessionInput) =>
      apiRequest<{ confession: ConfessionView }>(CONFESSION_PATHS.confessions, {
        method: "POST",
        json: input,
      }),
    onSuccess: ({ confession }) => applyConfessionEvent(queryClient, { type: "posted", confession }),
  });
}

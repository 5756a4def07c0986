import { AUTOMOD_PATHS, type AutomodReviewInput } from "@heartline/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/http-client";

/** issue #15: the sender asks a moderator to look at a message AutoMod blocked (once per message). */
export function useRequestReview() {
  return useMutation({
    mutationFn: (input: AutomodReviewInput) =>
      apiRequest<{ reportId: string }>(AUTOMOD_PATHS.reviews, { method: "POST", json: input }),
  });
}

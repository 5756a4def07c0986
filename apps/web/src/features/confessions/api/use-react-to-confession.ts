import { CONFESSION_PATHS, type ConfessionCounts, type ConfessionReaction } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { apiRequest } from "../../../lib/http-client";
import { applyConfessionEvent, readReactionState } from "../state/apply-confession-event";
import { withReaction } from "../state/reaction-state";

type ReactionAnswer = ConfessionCounts & { myReaction: ConfessionReaction | null };

export interface SetReactionInput {
  id: string;
  /** The viewer's reaction after the tap (null removes it); `nextReaction` computes it from the tap. */
  reaction: ConfessionReaction | null;
}

/**
 * A reaction tap: shown at once, then the server's exact counts; on a refusal the confession goes back
 * to what it showed before the tap and the server's text is toasted.
 */
export function useReactToConfession() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: ({ id, reaction }: SetReactionInput) => {
      const previous = readReactionState(queryClient, id);
      if (previous) {
        applyConfessionEvent(queryClient, {
          type: "reaction",
          id,
          reaction: withReaction(previous, reaction),
        });
      }
      return { previous };
    },
    mutationFn: ({ id, reaction }: SetReactionInput) =>
      reaction
        ? apiRequest<ReactionAnswer>(CONFESSION_PATHS.reaction(id), {
            method: "PUT",
            json: { emoji: reaction },
          })
        : apiRequest<ReactionAnswer>(CONFESSION_PATHS.reaction(id), { method: "DELETE" }),
    onSuccess: (answer, { id }) =>
      applyConfessionEvent(queryClient, {
        type: "reaction",
        id,
        reaction: { reactions: answer.reactions, myReaction: answer.myReaction },
      }),
    onError: (error, { id }, context) => {
      if (context?.previous) {
        applyConfessionEvent(queryClient, { type: "reaction", id, reaction: context.previous });
      }
      toast.error(error.message, { id: `confession-reaction-${id}` });
    },
  });
}

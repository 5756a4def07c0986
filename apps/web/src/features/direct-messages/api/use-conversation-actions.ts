import { MESSAGING_ERROR_TOAST_DURATION_MS, MESSAGING_SUCCESS_TOAST_DURATION_MS } from "@heartline/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { translate } from "../../../lib/i18n/i18n";
import { dmErrorText } from "../dm-server-texts";
import { applyDmEvent } from "../state/apply-dm-event";
import { type ConversationPages, setHidden } from "../state/conversation-list";
import { dmKeys } from "./dm-keys";
import { postConversationAction } from "./dm-requests";

/**
 * spec §4 Conversations: hide or unhide at once, and put the list back as it was if the server says no
 * ("Failed hide or unhide writes roll back the local change").
 */
export function useSetConversationHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, hidden }: { partnerId: string; hidden: boolean }) =>
      postConversationAction(partnerId, hidden ? "hide" : "unhide"),
    onMutate: async ({ partnerId, hidden }) => {
      await queryClient.cancelQueries({ queryKey: dmKeys.conversations() });
      const previous = queryClient.getQueryData<ConversationPages>(dmKeys.conversations());
      if (previous) queryClient.setQueryData(dmKeys.conversations(), setHidden(previous, partnerId, hidden));
      return { previous };
    },
    onError: (error, { hidden }, context) => {
      if (context?.previous) queryClient.setQueryData(dmKeys.conversations(), context.previous);
      toast.error(
        error.message
          ? dmErrorText(error)
          : translate(hidden ? "dm.toast.hideFailed" : "dm.toast.unhideFailed"),
        {
          duration: MESSAGING_ERROR_TOAST_DURATION_MS,
        },
      );
    },
    onSuccess: (state, { hidden }) => {
      applyDmEvent(queryClient, { type: "conversation_state", payload: state });
      toast.success(translate(hidden ? "dm.toast.hidden" : "dm.toast.unhidden"), {
        duration: MESSAGING_SUCCESS_TOAST_DURATION_MS,
      });
    },
  });
}

/** POST read; the server answers the new state (or `ignored` within 3 s of an unhide, spec §4). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) => postConversationAction(partnerId, "read"),
    onSuccess: (state) => {
      if (!state.ignored) applyDmEvent(queryClient, { type: "conversation_state", payload: state });
    },
  });
}

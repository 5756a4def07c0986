import {
  type ConversationMuteState,
  MESSAGING_ERROR_TOAST_DURATION_MS,
  MESSAGING_SUCCESS_TOAST_DURATION_MS,
  NOTIFICATION_PATHS,
} from "@heartline/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { apiRequest } from "../../../lib/http-client";
import { translate } from "../../../lib/i18n/i18n";
import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { notificationKeys } from "./use-notification-inbox";

const muteKey = (partnerId: string) => [...notificationKeys.mutes, partnerId] as const;

/** `notification_mute` (and a mute answered here): every tab shows the conversation's new state. */
export function applyMuteState(client: QueryClient, state: ConversationMuteState): void {
  client.setQueryData(muteKey(state.partnerId), state);
}

/**
 * Issue #40: whether the user muted their conversation with `partnerId` (no push and no inbox item for
 * it), and the switch. Loaded with the thread, then kept current by `notification_mute` pushes.
 */
export function useConversationMute(partnerId: string, isEnabled: boolean) {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: muteKey(partnerId),
    queryFn: () => apiRequest<ConversationMuteState>(NOTIFICATION_PATHS.mute(partnerId)),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: isEnabled,
  });
  const change = useMutation<ConversationMuteState, Error, boolean>({
    mutationFn: (muted) =>
      apiRequest(NOTIFICATION_PATHS.mute(partnerId), { method: muted ? "PUT" : "DELETE" }),
    onSuccess: (answer) => {
      applyMuteState(client, answer);
      toast.success(translate(answer.muted ? "notifications.toast.muted" : "notifications.toast.unmuted"), {
        duration: MESSAGING_SUCCESS_TOAST_DURATION_MS,
      });
    },
    onError: (error, muted) =>
      toast.error(
        error.message
          ? serverErrorText({ message: error.message })
          : translate(muted ? "notifications.toast.muteFailed" : "notifications.toast.unmuteFailed"),
        {
          duration: MESSAGING_ERROR_TOAST_DURATION_MS,
        },
      ),
  });
  return {
    /** Unknown until loaded: the menu then offers nothing. */
    muted: state.data?.muted ?? null,
    setMuted: (muted: boolean) => change.mutate(muted),
  };
}

import {
  BLOCK_SYSTEM_MESSAGES,
  MESSAGING_ERROR_TOAST_DURATION_MS,
  MESSAGING_SUCCESS_TOAST_DURATION_MS,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import toast from "react-hot-toast";
import { apiRequest } from "../../../lib/http-client";
import { translate } from "../../../lib/i18n/i18n";
import { friendsKeys } from "../../friends";
import { applyDmEvent } from "../state/apply-dm-event";
import { useDmClientStore } from "../state/dm-client-store";
import { dmKeys } from "./dm-keys";

const NONE: ReadonlySet<string> = new Set();

/**
 * The people I block, from `GET /api/blocks` (the server's list; kept current by my own blocks and by
 * the `block_state` push from my other tabs). Only asked when `enabled` (a registered viewer).
 */
export function useBlockedIds(enabled: boolean): ReadonlySet<string> {
  const { data } = useQuery({
    queryKey: dmKeys.blockedIds(),
    queryFn: async () => (await apiRequest<{ blockedIds: string[] }>(SOCIAL_PATHS.blocks)).blockedIds,
    enabled,
  });
  return useMemo(() => (data ? new Set(data) : NONE), [data]);
}

/** Whether I block `userId` (see `useBlockedIds`). */
export function useIsBlocked(userId: string, enabled: boolean): boolean {
  return useBlockedIds(enabled).has(userId);
}

/**
 * spec §4 Blocking and §8 toasts: block or unblock, then the local system line in the thread ("never
 * sent": only this device shows it).
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      blocked
        ? apiRequest(SOCIAL_PATHS.blocks, { method: "POST", json: { userId } })
        : apiRequest(SOCIAL_PATHS.block(userId), { method: "DELETE" }),
    onSuccess: (_result, { userId, blocked }) => {
      applyDmEvent(queryClient, { type: "block_state", payload: { userId, blocked } });
      // A block ends the friendship and any request (server rule): ask again who is a friend.
      void queryClient.invalidateQueries({ queryKey: dmKeys.conversation(userId) });
      void queryClient.invalidateQueries({ queryKey: friendsKeys.all });
      useDmClientStore
        .getState()
        .addSystemLine(
          userId,
          blocked ? BLOCK_SYSTEM_MESSAGES.blocked : BLOCK_SYSTEM_MESSAGES.unblocked,
          Date.now(),
        );
      toast.success(translate(blocked ? "dm.toast.blocked" : "dm.toast.unblocked"), {
        duration: MESSAGING_SUCCESS_TOAST_DURATION_MS,
      });
    },
    onError: (_error, { blocked }) => {
      toast.error(translate(blocked ? "dm.toast.blockFailed" : "dm.toast.unblockFailed"), {
        duration: MESSAGING_ERROR_TOAST_DURATION_MS,
      });
    },
  });
}

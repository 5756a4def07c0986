import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { applyGroupChatEvent, readGroupRoom } from "../state/apply-group-chat-event";
import { fetchGroupHistory } from "./fetch-group-history";

/** Loads the page before the oldest loaded message (keyset `before=<seq>`, ARCHITECTURE §4). */
export function useOlderMessages(): { loadOlder: () => void; isLoading: boolean } {
  const queryClient = useQueryClient();
  // spec §8 Other behaviour: load failures yield nothing (mutate keeps the error to itself); the button
  // stays to try again.
  const { mutate, isPending } = useMutation({
    mutationFn: (beforeSeq: number) => fetchGroupHistory(beforeSeq),
    onSuccess: (page) => applyGroupChatEvent(queryClient, { type: "history_page", ...page }),
  });
  const loadOlder = useCallback(() => {
    const room = readGroupRoom(queryClient);
    const first = room.messages[0];
    if (!first || !room.hasMore || isPending) return;
    mutate(first.seq);
  }, [queryClient, isPending, mutate]);
  return { loadOlder, isLoading: isPending };
}

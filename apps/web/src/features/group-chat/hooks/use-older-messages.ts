import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { fetchGroupHistory } from "../api/fetch-group-history";
import { applyGroupChatEvent, readGroupRoom } from "../state/apply-group-chat-event";

/** Loads the page before the oldest loaded message (keyset `before=<seq>`, ARCHITECTURE §4). */
export function useOlderMessages(): { loadOlder: () => void; isLoading: boolean } {
  const queryClient = useQueryClient();
  const [isLoading, setIsLoading] = useState(false);
  const loadOlder = useCallback(() => {
    const room = readGroupRoom(queryClient);
    const first = room.messages[0];
    if (!first || !room.hasMore || isLoading) return;
    setIsLoading(true);
    fetchGroupHistory(first.seq)
      .then((page) => applyGroupChatEvent(queryClient, { type: "history_page", ...page }))
      // spec §8 Other behaviour: load failures yield nothing; the button stays to try again.
      .catch(() => undefined)
      .finally(() => setIsLoading(false));
  }, [queryClient, isLoading]);
  return { loadOlder, isLoading };
}

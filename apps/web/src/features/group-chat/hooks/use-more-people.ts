import { GROUP_PEOPLE_PAGE_SIZE, GROUP_PEOPLE_WINDOW_MAX, groupPeoplePageSchema } from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { AppSocket } from "../../../lib/socket";
import { applyGroupChatEvent, readGroupRoom } from "../state/apply-group-chat-event";

const WINDOW_TIMEOUT_MS = 10_000;

/**
 * The people list shows the first page; "Show more" asks the server for a longer one (`group_people_window`),
 * which it then keeps current instead. Big rooms are never sent whole (issue #16).
 */
export function useMorePeople(socket: AppSocket | null): { showMore: () => void; isLoading: boolean } {
  const queryClient = useQueryClient();
  const [isLoading, setIsLoading] = useState(false);
  const showMore = useCallback(() => {
    if (!socket || isLoading) return;
    const limit = Math.min(
      readGroupRoom(queryClient).peopleLimit + GROUP_PEOPLE_PAGE_SIZE,
      GROUP_PEOPLE_WINDOW_MAX,
    );
    setIsLoading(true);
    socket.timeout(WINDOW_TIMEOUT_MS).emit("group_people_window", { offset: 0, limit }, (error, result) => {
      setIsLoading(false);
      if (error || !result.ok) return;
      const parsed = groupPeoplePageSchema.safeParse(result.data);
      if (parsed.success) applyGroupChatEvent(queryClient, { type: "people_page", page: parsed.data, limit });
    });
  }, [socket, isLoading, queryClient]);
  return { showMore, isLoading };
}

import type { ConversationList } from "@heartline/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type ConversationPages, unreadTotalOf } from "../state/conversation-list";
import { dmKeys } from "./dm-keys";
import { fetchConversations } from "./dm-requests";

/**
 * spec §4 Conversations: my conversations a page at a time, newest activity first, hidden ones flagged
 * (ADR 0010); pushes keep the loaded pages current (`applyDmEvent`).
 */
export function useConversations(isEnabled = true) {
  return useInfiniteQuery<
    ConversationList,
    Error,
    ConversationPages,
    ReturnType<typeof dmKeys.conversations>,
    string | undefined
  >({
    queryKey: dmKeys.conversations(),
    queryFn: ({ pageParam }) => fetchConversations(pageParam),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isEnabled,
    // spec §9 Conversation cache 2 min; pushes (applyDmEvent) change it in between.
    staleTime: 2 * 60 * 1000,
  });
}

/** The header's and the title's unread total over all my conversations (hidden ones do not count). */
export function useUnreadTotal(isEnabled: boolean): number {
  const { data } = useConversations(isEnabled);
  return unreadTotalOf(data);
}

import { useQuery } from "@tanstack/react-query";
import { dmKeys } from "./dm-keys";
import { fetchConversations } from "./dm-requests";

/** spec §4 Conversations: every conversation of mine, hidden ones flagged; pushes keep it current. */
export function useConversations(isEnabled = true) {
  return useQuery({
    queryKey: dmKeys.conversations(),
    queryFn: fetchConversations,
    enabled: isEnabled,
    // spec §9 Conversation cache 2 min; pushes (applyDmEvent) change it in between.
    staleTime: 2 * 60 * 1000,
  });
}

/** The header's and the title's unread total (hidden conversations do not count). */
export function useUnreadTotal(isEnabled: boolean): number {
  const { data } = useConversations(isEnabled);
  return data?.totalUnread ?? 0;
}

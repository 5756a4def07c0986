import { useQuery, useQueryClient } from "@tanstack/react-query";
import { readGroupRoom } from "../state/apply-group-chat-event";
import { EMPTY_ROOM, type GroupRoomState } from "../state/group-room-state";
import { groupChatKeys } from "./group-chat-keys";

/** The room as the socket last described it (written only by `applyGroupChatEvent`). */
export function useGroupRoom(): GroupRoomState {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: groupChatKeys.room(),
    // Socket-fed: the join ack and the pushes fill this entry; nothing is fetched for it.
    queryFn: () => readGroupRoom(queryClient),
    initialData: EMPTY_ROOM,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return query.data;
}

import type {
  GroupJoinData,
  GroupMessage,
  GroupOnlineUser,
  GroupPresenceDelta,
  GroupTypingPayload,
  MutedUserRecord,
  MuteState,
  PresenceStatus,
} from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { groupChatKeys } from "../api/group-chat-keys";
import { EMPTY_ROOM, fromJoin, type GroupRoomState, mergeMessages, withGenders } from "./group-room-state";

export type GroupChatEvent =
  | { type: "joined"; data: GroupJoinData }
  | { type: "history_page"; messages: GroupMessage[]; hasMore: boolean }
  | { type: "group_message"; message: GroupMessage }
  | { type: "group_message_deleted"; id: string }
  | { type: "group_typing"; payload: GroupTypingPayload; now: number }
  | { type: "online_users_update"; users: GroupOnlineUser[] }
  /** Who joined or changed, and who left, on top of the current list (large rooms get only these). */
  | { type: "group_presence"; delta: GroupPresenceDelta }
  | { type: "user:status"; userId: string; status: PresenceStatus }
  | { type: "userStatusChanged"; userId: string; isOnline: boolean }
  | { type: "muted_users_updated"; users: MutedUserRecord[] }
  | { type: "user_muted"; mute: MuteState }
  | { type: "user_unmuted" }
  /** A server disconnect, a closed transport or a failed reconnection empties the list (spec §4 Socket). */
  | { type: "online_list_lost" };

/** The pure transition behind `applyGroupChatEvent` (tested without a cache). */
export function reduceGroupRoom(room: GroupRoomState, event: GroupChatEvent): GroupRoomState {
  switch (event.type) {
    case "joined":
      return fromJoin(room, event.data);
    case "history_page":
      return { ...room, messages: mergeMessages(room.messages, event.messages), hasMore: event.hasMore };
    case "group_message": {
      const { [event.message.senderId]: _stopped, ...typing } = room.typing;
      return { ...room, messages: mergeMessages(room.messages, [event.message]), typing };
    }
    case "group_message_deleted":
      return { ...room, messages: room.messages.filter((message) => message.id !== event.id) };
    case "group_typing": {
      const { userId, username, isTyping } = event.payload;
      const { [userId]: _previous, ...others } = room.typing;
      return { ...room, typing: isTyping ? { ...others, [userId]: { username, since: event.now } } : others };
    }
    case "online_users_update":
      return { ...room, onlineUsers: event.users, genders: withGenders(room.genders, event.users) };
    case "group_presence": {
      const changed = new Map(event.delta.upserts.map((user) => [user.userId, user]));
      const gone = new Set(event.delta.removals);
      const kept = room.onlineUsers
        .filter((user) => !gone.has(user.userId) && !changed.has(user.userId))
        .concat([...changed.values()].filter((user) => !gone.has(user.userId)));
      return { ...room, onlineUsers: kept, genders: withGenders(room.genders, event.delta.upserts) };
    }
    case "user:status": {
      if (event.status === "offline") {
        return { ...room, onlineUsers: room.onlineUsers.filter((user) => user.userId !== event.userId) };
      }
      const status = event.status;
      return {
        ...room,
        onlineUsers: room.onlineUsers.map((user) =>
          user.userId === event.userId ? { ...user, status } : user,
        ),
      };
    }
    case "userStatusChanged":
      return event.isOnline
        ? room
        : { ...room, onlineUsers: room.onlineUsers.filter((user) => user.userId !== event.userId) };
    case "muted_users_updated":
      return { ...room, mutedUsers: event.users };
    case "user_muted":
      return { ...room, mute: event.mute };
    case "user_unmuted":
      return { ...room, mute: null };
    case "online_list_lost":
      return { ...room, onlineUsers: [], typing: {} };
  }
}

/** The one place incoming group-chat socket events change the cached room (STYLE). */
export function applyGroupChatEvent(queryClient: QueryClient, event: GroupChatEvent): void {
  queryClient.setQueryData<GroupRoomState>(groupChatKeys.room(), (room) =>
    reduceGroupRoom(room ?? EMPTY_ROOM, event),
  );
}

/** The cached room (EMPTY_ROOM before the first join). */
export function readGroupRoom(queryClient: QueryClient): GroupRoomState {
  return queryClient.getQueryData<GroupRoomState>(groupChatKeys.room()) ?? EMPTY_ROOM;
}

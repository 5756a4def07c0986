import {
  applyGroupPeopleDelta,
  type GroupJoinData,
  type GroupMessage,
  type GroupPeopleCounts,
  type GroupPeopleDelta,
  type GroupPeoplePage,
  type GroupTypingPayload,
  type MutedUserRecord,
  type MuteState,
} from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { groupChatKeys } from "../api/group-chat-keys";
import {
  EMPTY_ROOM,
  fromJoin,
  type GroupRoomState,
  mergeMessages,
  withGenders,
  withSenderDeleted,
} from "./group-room-state";

export type GroupChatEvent =
  | { type: "joined"; data: GroupJoinData }
  | { type: "history_page"; messages: GroupMessage[]; hasMore: boolean }
  | { type: "group_message"; message: GroupMessage }
  | { type: "group_message_deleted"; id: string }
  /** Issue #38: an author of the room deleted their account. */
  | { type: "group_sender_deleted"; userId: string }
  | { type: "group_typing"; payload: GroupTypingPayload; now: number }
  /** What changed inside the part of the people list this tab shows. */
  | { type: "group_people"; delta: GroupPeopleDelta }
  | { type: "group_people_counts"; counts: GroupPeopleCounts }
  /** The answer to `group_people_window`: a longer (or other) part of the list, now. */
  | { type: "people_page"; page: GroupPeoplePage; limit: number }
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
    case "group_sender_deleted":
      return withSenderDeleted(room, event.userId);
    case "group_typing": {
      const { userId, username, isTyping } = event.payload;
      const { [userId]: _previous, ...others } = room.typing;
      return { ...room, typing: isTyping ? { ...others, [userId]: { username, since: event.now } } : others };
    }
    case "group_people":
      return {
        ...room,
        onlineUsers: applyGroupPeopleDelta(room.onlineUsers, event.delta, room.peopleLimit),
        peopleCounts: event.delta.counts,
        genders: withGenders(room.genders, event.delta.upserts),
      };
    case "group_people_counts":
      return { ...room, peopleCounts: event.counts };
    case "people_page":
      return {
        ...room,
        onlineUsers: event.page.users,
        peopleLimit: event.limit,
        peopleCounts: event.page.counts,
        genders: withGenders(room.genders, event.page.users),
      };
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
      return { ...room, onlineUsers: [], peopleCounts: { online: 0, away: 0 }, typing: {} };
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

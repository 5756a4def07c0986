import {
  emptyPayloadSchema,
  GROUP_ERROR_MESSAGES,
  GROUP_TYPING_FORWARD_MIN_MS,
  groupPeopleWindowSchema,
  groupTypingSchema,
  isTypingWorthAnnouncing,
  joinGroupSchema,
  presenceStatusSchema,
  updateOnlineStatusSchema,
} from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { withAck } from "../../realtime/acks";
import { GROUP_ROOM } from "../../realtime/rooms";
import { type SocketListenerSet, socketListenerSet } from "../../realtime/socket-listeners";
import type { HeartlineSocket } from "../../realtime/types";
import { requireGroupMember } from "./group-access";
import type { GroupChatDeps } from "./group-chat-deps";
import { joinGroup } from "./join-group";
import { sendGroupMessage } from "./send-group-message";

/**
 * The group room's events (ARCHITECTURE §5, §7). Every payload is parsed (bad → `bad_request`, nothing
 * changes) and every event re-checks membership and bans against the database. One listener per event
 * for every socket (`socket-listeners.ts`); the socket is `this`.
 */
export function groupChatListeners(deps: GroupChatDeps): SocketListenerSet {
  const handler = (work: (socket: HeartlineSocket, payload: unknown) => Promise<unknown>) =>
    withAck({ log: deps.log, failure: "group event failed" }, work);
  // What each socket last had forwarded: a repeat is dropped, and costs no database check.
  const lastTyping = new WeakMap<HeartlineSocket, TypingMark>();

  const onJoinGroup = handler(async (socket, payload) => {
    joinGroupSchema.parse(payload);
    return joinGroup({ deps, socket });
  });

  // The part of the people list this member shows (issue #16): that page now, its changes later.
  const onPeopleWindow = handler(async (socket, payload) => {
    const { offset, limit } = groupPeopleWindowSchema.parse(payload);
    if (!socket.rooms.has(GROUP_ROOM)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.notInGroup);
    return deps.presence.watch(socket, offset, limit);
  });

  const onLeaveGroup = handler(async (socket, payload) => {
    emptyPayloadSchema.parse(payload);
    leave(socket);
  });

  const onGroupMessage = withAck(
    { log: deps.log, failure: "group event failed", timer: deps.metrics.sendSeconds.group },
    async (socket, payload) => {
      const { message, isNew } = await sendGroupMessage({ deps, socket, payload });
      if (isNew) deps.metrics.fanOut.group.inc();
      return { id: message.id, timestamp: message.timestamp, seq: message.seq, content: message.content };
    },
  );

  function onGroupTyping(this: HeartlineSocket, payload: unknown): void {
    const parsed = groupTypingSchema.safeParse(payload);
    const { group, userId, deviceId } = this.data;
    if (!parsed.success || !group || !this.rooms.has(GROUP_ROOM)) return;
    const now = deps.clock();
    const { isTyping } = parsed.data;
    const last = lastTyping.get(this) ?? NOT_TYPING;
    if (!isTypingWorthAnnouncing(last, isTyping, now, GROUP_TYPING_FORWARD_MIN_MS)) return;
    lastTyping.set(this, { isTyping, at: now });
    requireGroupMember({ deps, userId, deviceId }).then(
      () => this.to(GROUP_ROOM).emit("group_typing", { userId, username: group.username, isTyping }),
      () => undefined,
    );
  }

  // spec §4 Presence: online ↔ away moves a member between the online and away lists.
  const setStatus = (socket: HeartlineSocket, status: "online" | "away"): void => {
    const { group, userId } = socket.data;
    if (!group || !socket.rooms.has(GROUP_ROOM) || group.status === status) return;
    socket.data.group = { ...group, status };
    // Only the pages that show this member hear of it (no broadcast to the room per change, issue #16).
    deps.presence.changed(userId);
  };
  function onStatusUpdate(this: HeartlineSocket, status: unknown): void {
    const parsed = presenceStatusSchema.safeParse(status);
    if (parsed.success && parsed.data !== "offline") setStatus(this, parsed.data);
  }
  function onUpdateOnlineStatus(this: HeartlineSocket, payload: unknown): void {
    const parsed = updateOnlineStatusSchema.safeParse(payload);
    if (parsed.success && parsed.data.isOnline) setStatus(this, parsed.data.isAway ? "away" : "online");
  }

  const leave = (socket: HeartlineSocket): void => {
    if (!socket.rooms.has(GROUP_ROOM)) return;
    socket.data.group = null;
    // Like a join, a leave reaches only the pages that show it (the adapter's `leave-room`).
    void socket.leave(GROUP_ROOM);
  };

  function onDisconnecting(this: HeartlineSocket): void {
    if (this.rooms.has(GROUP_ROOM)) leave(this);
  }

  return socketListenerSet({
    join_group: onJoinGroup,
    leave_group: onLeaveGroup,
    group_people_window: onPeopleWindow,
    group_message: onGroupMessage,
    group_typing: onGroupTyping,
    "status:update": onStatusUpdate,
    update_online_status: onUpdateOnlineStatus,
    disconnecting: onDisconnecting,
  });
}

interface TypingMark {
  isTyping: boolean;
  at: number;
}

const NOT_TYPING: TypingMark = { isTyping: false, at: 0 };

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
import type { HeartlineSocket } from "../../realtime/types";
import { requireGroupMember } from "./group-access";
import type { GroupChatDeps } from "./group-chat-deps";
import { joinGroup } from "./join-group";
import { sendGroupMessage } from "./send-group-message";

/**
 * The group room's events (ARCHITECTURE §5, §7). Every payload is parsed (bad → `bad_request`, nothing
 * changes) and every event re-checks membership and bans against the database.
 */
export function registerGroupChatHandlers(socket: HeartlineSocket, deps: GroupChatDeps): void {
  const handler = (work: (payload: unknown) => Promise<unknown>) =>
    withAck({ log: deps.log, context: { userId: socket.data.userId }, failure: "group event failed" }, work);

  const onJoinGroup = handler(async (payload) => {
    joinGroupSchema.parse(payload);
    return joinGroup({ deps, socket });
  });

  // The part of the people list this member shows (issue #16): that page now, its changes later.
  const onPeopleWindow = handler(async (payload) => {
    const { offset, limit } = groupPeopleWindowSchema.parse(payload);
    if (!socket.rooms.has(GROUP_ROOM)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.notInGroup);
    return deps.presence.watch(socket, offset, limit);
  });

  const onLeaveGroup = handler(async (payload) => {
    emptyPayloadSchema.parse(payload);
    leave();
  });

  const onGroupMessage = handler(async (payload) => {
    const { message } = await sendGroupMessage({ deps, socket, payload });
    return { id: message.id, timestamp: message.timestamp, seq: message.seq };
  });

  // What this socket last had forwarded: a repeat is dropped, and costs no database check.
  let lastTyping = { isTyping: false, at: 0 };
  const onGroupTyping = (payload: unknown): void => {
    const parsed = groupTypingSchema.safeParse(payload);
    const { group, userId, deviceId } = socket.data;
    if (!parsed.success || !group || !socket.rooms.has(GROUP_ROOM)) return;
    const now = deps.clock();
    const { isTyping } = parsed.data;
    if (!isTypingWorthAnnouncing(lastTyping, isTyping, now, GROUP_TYPING_FORWARD_MIN_MS)) return;
    lastTyping = { isTyping, at: now };
    requireGroupMember({ deps, userId, deviceId }).then(
      () =>
        socket
          .to(GROUP_ROOM)
          .emit("group_typing", { userId, username: group.username, isTyping: parsed.data.isTyping }),
      () => undefined,
    );
  };

  // spec §4 Presence: online ↔ away moves a member between the online and away lists.
  const setStatus = (status: "online" | "away"): void => {
    const { group, userId } = socket.data;
    if (!group || !socket.rooms.has(GROUP_ROOM) || group.status === status) return;
    socket.data.group = { ...group, status };
    // Only the pages that show this member hear of it (no broadcast to the room per change, issue #16).
    deps.presence.changed(userId);
  };
  const onStatusUpdate = (status: unknown): void => {
    const parsed = presenceStatusSchema.safeParse(status);
    if (parsed.success && parsed.data !== "offline") setStatus(parsed.data);
  };
  const onUpdateOnlineStatus = (payload: unknown): void => {
    const parsed = updateOnlineStatusSchema.safeParse(payload);
    if (parsed.success && parsed.data.isOnline) setStatus(parsed.data.isAway ? "away" : "online");
  };

  const leave = (): void => {
    if (!socket.rooms.has(GROUP_ROOM)) return;
    socket.data.group = null;
    // Like a join, a leave reaches only the pages that show it (the adapter's `leave-room`).
    void socket.leave(GROUP_ROOM);
  };

  const onDisconnecting = (): void => {
    if (socket.rooms.has(GROUP_ROOM)) leave();
  };

  const onDisconnect = (): void => {
    socket.off("join_group", onJoinGroup);
    socket.off("leave_group", onLeaveGroup);
    socket.off("group_people_window", onPeopleWindow);
    socket.off("group_message", onGroupMessage);
    socket.off("group_typing", onGroupTyping);
    socket.off("status:update", onStatusUpdate);
    socket.off("update_online_status", onUpdateOnlineStatus);
    socket.off("disconnecting", onDisconnecting);
    socket.off("disconnect", onDisconnect);
  };

  socket.on("join_group", onJoinGroup);
  socket.on("leave_group", onLeaveGroup);
  socket.on("group_people_window", onPeopleWindow);
  socket.on("group_message", onGroupMessage);
  socket.on("group_typing", onGroupTyping);
  socket.on("status:update", onStatusUpdate);
  socket.on("update_online_status", onUpdateOnlineStatus);
  socket.on("disconnecting", onDisconnecting);
  socket.on("disconnect", onDisconnect);
}

import {
  BANNED_TOAST_DURATION_MS,
  type GroupMessage,
  type GroupTypingPayload,
  groupPeopleCountsSchema,
  groupPeopleDeltaSchema,
  type MutedUserRecord,
  type MuteState,
} from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import toast from "react-hot-toast";
import { listenToServerEvents } from "../../../lib/listen-to-server-events";
import { type AppSocket, connectSocket } from "../../../lib/socket";
import { BAN_STATUS_TOAST_ID, ensureBanWatch, useBanStore } from "../../moderation";
import { groupErrorText } from "../group-server-texts";
import { applyGroupChatEvent } from "../state/apply-group-chat-event";
import { useGroupConnectionStore } from "../state/connection-store";
import { readInGroupFlag, setInGroupFlag, shouldRejoin } from "../state/group-session-flag";
import { applyGroupSocketPolicy } from "../state/group-socket-policy";
import { classifyJoinRefusal } from "./join-refusal";

const JOIN_TIMEOUT_MS = 20_000;

export interface GroupMember {
  id: string;
  username: string;
}

/**
 * Keeps this tab in the group room while any /group-chat page is open (spec §4 Socket): the group
 * socket policy, `join_group` on entry and after every reconnect when the session flag says so, the
 * room's socket events into the cache, and `leave_group` on the way out. Every listener is removed.
 */
export function useGroupMembership(socket: AppSocket | null, member: GroupMember): void {
  const queryClient = useQueryClient();
  const { id: userId, username } = member;

  useEffect(() => {
    if (!socket) return;
    ensureBanWatch(socket);
    const restorePolicy = applyGroupSocketPolicy(socket.io);
    let hasJoined = false;
    let isActive = true;

    const join = () => {
      socket.timeout(JOIN_TIMEOUT_MS).emit("join_group", { username, userId }, (error, result) => {
        if (!isActive || error) return;
        if (result.ok) {
          hasJoined = true;
          setInGroupFlag(true);
          applyGroupChatEvent(queryClient, { type: "joined", data: result.data });
          return;
        }
        const refusal = classifyJoinRefusal(result.error);
        if (refusal.kind === "banned") {
          // The group chat layout watches the ban store and sends the user home.
          useBanStore.getState().recordBan(userId, "");
          toast.error(groupErrorText(result.error ?? { message: refusal.message }), {
            duration: BANNED_TOAST_DURATION_MS,
            id: BAN_STATUS_TOAST_ID,
          });
        } else {
          toast.error(groupErrorText(result.error ?? { message: refusal.message }));
        }
      });
    };

    const onConnect = () => {
      useGroupConnectionStore.getState().setFailed(false);
      if (!hasJoined || shouldRejoin(readInGroupFlag(), window.location.pathname)) join();
    };
    const onDisconnect = (reason: string) => {
      if (reason === "io server disconnect" || reason === "transport close") {
        applyGroupChatEvent(queryClient, { type: "online_list_lost" });
      }
    };
    const onReconnectFailed = () => {
      useGroupConnectionStore.getState().setFailed(true);
      applyGroupChatEvent(queryClient, { type: "online_list_lost" });
    };
    const apply = applyGroupChatEvent.bind(null, queryClient);
    const stopListening = listenToServerEvents(socket, {
      group_message: (message: GroupMessage) => apply({ type: "group_message", message }),
      group_message_deleted: ({ id }: { id: string }) => apply({ type: "group_message_deleted", id }),
      group_sender_deleted: ({ userId: who }: { userId: string }) =>
        apply({ type: "group_sender_deleted", userId: who }),
      group_typing: (payload: GroupTypingPayload) =>
        payload.userId === userId ? undefined : apply({ type: "group_typing", payload, now: Date.now() }),
      // Only changes inside the part of the people list this tab shows, and the counts (issue #16).
      group_people: (payload: unknown) => {
        const parsed = groupPeopleDeltaSchema.safeParse(payload);
        if (parsed.success) apply({ type: "group_people", delta: parsed.data });
      },
      group_people_counts: (payload: unknown) => {
        const parsed = groupPeopleCountsSchema.safeParse(payload);
        if (parsed.success) apply({ type: "group_people_counts", counts: parsed.data });
      },
      userStatusChanged: ({ userId: who, isOnline }: { userId: string; isOnline: boolean }) =>
        apply({ type: "userStatusChanged", userId: who, isOnline }),
      muted_users_updated: (users: MutedUserRecord[]) => apply({ type: "muted_users_updated", users }),
      user_muted: (payload: MuteState & { userId: string }) => {
        if (payload.userId === userId) apply({ type: "user_muted", mute: payload });
      },
      user_unmuted: (payload: { userId: string }) => {
        if (payload.userId === userId) apply({ type: "user_unmuted" });
      },
    });
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    socket.io.on("reconnect_failed", onReconnectFailed);
    if (socket.connected) onConnect();
    else connectSocket(socket);

    return () => {
      isActive = false;
      stopListening();
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      socket.io.off("reconnect_failed", onReconnectFailed);
      // Leaving /group-chat (not a reload: that never unmounts) leaves the room (spec §2 home: "the group is left").
      if (socket.connected) socket.emit("leave_group");
      setInGroupFlag(false);
      applyGroupChatEvent(queryClient, { type: "online_list_lost" });
      restorePolicy();
    };
  }, [socket, queryClient, userId, username]);
}

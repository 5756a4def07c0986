// First: shared modules build zod schemas when first used, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import type { DirectMessage } from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { listenToServerEvents } from "../../../lib/listen-to-server-events";
import type { AppSocket } from "../../../lib/socket";
import { dmKeys } from "../api/dm-keys";
import { postConversationAction } from "../api/dm-requests";
import { applyDmEvent, partnerOf } from "../state/apply-dm-event";
import { useDmClientStore } from "../state/dm-client-store";
import { useDmOutboxStore } from "../state/outbox";
import { isPageFocused, partnerIdFromPath } from "./thread-path";
import { catchUpThreads, markThreadsDisconnected } from "./thread-reconnection";

/**
 * Applies the direct-message pushes for the whole group chat area (the header's unread badge needs
 * them on every page): messages, ticks, conversation state, blocks, typing. A received message is
 * acknowledged as delivered, and read when its thread is open and the tab focused. A drop and the
 * reconnect after it move each thread's lifecycle (reconnecting → catching up → live).
 */
export function useDmEvents(socket: AppSocket | null, myId: string, isEnabled: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openPartner = useRef<string | null>(null);
  openPartner.current = partnerIdFromPath(pathname);

  useEffect(() => {
    if (!socket || !isEnabled || !myId) return;
    const client = useDmClientStore.getState();

    const onMessage = (message: DirectMessage) => {
      const partnerId = partnerOf(message, myId);
      applyDmEvent(queryClient, { type: "messages", partnerId, messages: [message] });
      if (message.senderId === myId) {
        // The push of my own send (maybe from another tab) stands for the pending row.
        useDmOutboxStore.getState().remove(message.id);
        return;
      }
      client.setTyping(partnerId, false, Date.now());
      socket.emit("direct_message_delivered", { partnerId, upToSeq: message.seq });
      if (openPartner.current === partnerId && isPageFocused()) {
        void postConversationAction(partnerId, "read").then(
          (state) => {
            if (!state.ignored) applyDmEvent(queryClient, { type: "conversation_state", payload: state });
          },
          () => undefined,
        );
      }
    };

    const stop = listenToServerEvents(socket, {
      direct_message: onMessage,
      direct_message_status: (payload) => applyDmEvent(queryClient, { type: "status", payload, myId }),
      conversation_state: (payload) => {
        applyDmEvent(queryClient, { type: "conversation_state", payload });
        if (!payload.unhiddenByMessage) return;
        // spec §4: a message from a hidden partner unhides it, highlights it and clears the active one.
        useDmClientStore.getState().highlight(payload.partnerId);
        if (openPartner.current === payload.partnerId) navigate("/group-chat/dm", { replace: true });
      },
      block_state: (payload) => applyDmEvent(queryClient, { type: "block_state", payload }),
      direct_message_typing: ({ senderId, isTyping }) =>
        useDmClientStore.getState().setTyping(senderId, isTyping, Date.now()),
      "user:status": ({ userId, status }) => {
        useDmClientStore.getState().setStatus(userId, status);
        applyDmEvent(queryClient, { type: "user_status", userId, status });
      },
      user_deleted: ({ userId }) => applyDmEvent(queryClient, { type: "user_deleted", userId }),
    });

    const onDisconnect = () => markThreadsDisconnected(queryClient);
    const onReconnect = () => {
      // Presence pushed while away is lost: the loaded answers (friends, details) count again.
      useDmClientStore.getState().clearStatuses();
      void queryClient.invalidateQueries({ queryKey: dmKeys.conversationDetails() });
      void queryClient.invalidateQueries({ queryKey: dmKeys.conversations() });
      catchUpThreads(socket, queryClient);
    };
    socket.on("disconnect", onDisconnect);
    socket.io.on("reconnect", onReconnect);
    return () => {
      stop();
      socket.off("disconnect", onDisconnect);
      socket.io.off("reconnect", onReconnect);
    };
  }, [socket, myId, isEnabled, queryClient, navigate]);
}

import {
  AUTOMOD_BLOCKED_CODE,
  CHAT_MESSAGE_RATE_WINDOW_MS,
  GROUP_TYPING_REFRESH_MS,
  type GroupMessage,
  type GroupMessageType,
  isTypingWorthAnnouncing,
  MESSAGING_ERROR_TOAST_DURATION_MS,
  MESSAGING_MESSAGES,
} from "@heartline/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import toast from "react-hot-toast";
import type { AppSocket } from "../../../lib/socket";
import { applyGroupChatEvent, readGroupRoom } from "../state/apply-group-chat-event";
import { type OutboxMessage, useOutboxStore } from "../state/outbox-store";
import { useSendCooldownStore } from "../state/send-cooldown-store";

/** How long a send waits for its ack before it shows as failed (spec §9 group socket timeout 20 s). */
export const SEND_ACK_TIMEOUT_MS = 20_000;

export interface Sender {
  id: string;
  username: string;
}

export interface GroupSendActions {
  /** Resolves once the server answered: true when stored (a caption waits for its picture). */
  send: (input: {
    content: string;
    type?: GroupMessageType;
    replyTo?: GroupMessage | null;
  }) => Promise<boolean>;
  /** Sends a failed message again with the same id (the server answers a repeated id with the stored row). */
  retry: (id: string) => void;
  setTyping: (isTyping: boolean) => void;
}

function emitMessage(
  socket: AppSocket,
  queryClient: QueryClient,
  sender: Sender,
  message: OutboxMessage,
): Promise<boolean> {
  const outbox = useOutboxStore.getState();
  return new Promise((resolve) => {
    socket.timeout(SEND_ACK_TIMEOUT_MS).emit(
      "group_message",
      {
        id: message.id,
        content: message.content,
        type: message.type,
        ...(message.replyTo ? { replyTo: { id: message.replyTo.id } } : {}),
      },
      (error, result) => {
        if (error || !result.ok) {
          // spec §8: 'Failed to save message. Please try again.'; a refusal with a reason (a mute) says why.
          const refusal = !error && !result.ok ? result.error : null;
          const reason = refusal && refusal.code !== "internal" ? refusal.message : undefined;
          outbox.markFailed(message.id, reason, refusal?.code === AUTOMOD_BLOCKED_CODE);
          // AutoMod's refusal names its rule under the message itself, with "Ask for review" (issue #15).
          if (refusal?.code === AUTOMOD_BLOCKED_CODE) {
            resolve(false);
            return;
          }
          if (refusal?.code === "rate_limited") {
            // issue #14: one inline note with the time left, not a toast per refused message. The limit
            // is a fixed window, so a full window from now is the latest the server still refuses.
            useSendCooldownStore.getState().startCooldown(Date.now() + CHAT_MESSAGE_RATE_WINDOW_MS);
            resolve(false);
            return;
          }
          toast.error(reason ?? MESSAGING_MESSAGES.saveFailed, {
            duration: MESSAGING_ERROR_TOAST_DURATION_MS,
          });
          resolve(false);
          return;
        }
        // The broadcast copy may already be in (with the sender's picture); keep it then.
        const isStored = readGroupRoom(queryClient).messages.some((stored) => stored.id === message.id);
        if (!isStored) {
          applyGroupChatEvent(queryClient, {
            type: "group_message",
            message: {
              id: message.id,
              seq: result.data.seq,
              content: message.content,
              type: message.type,
              senderId: sender.id,
              senderUsername: sender.username,
              senderProfileImage: null,
              timestamp: result.data.timestamp,
              ...(message.replyTo ? { replyTo: message.replyTo } : {}),
            },
          });
        }
        outbox.remove(message.id);
        resolve(true);
      },
    );
  });
}

/** Sends with a pending state until the server's ack (ARCHITECTURE §5: acked only once stored). */
export function useGroupSend(socket: AppSocket | null, sender: Sender): GroupSendActions {
  const queryClient = useQueryClient();
  const { id, username } = sender;

  const send = useCallback<GroupSendActions["send"]>(
    ({ content, type = "text", replyTo }) => {
      if (!socket) return Promise.resolve(false);
      const message: OutboxMessage = {
        id: crypto.randomUUID(),
        content,
        type,
        createdAt: Date.now(),
        status: "pending",
        ...(replyTo
          ? {
              replyTo: {
                id: replyTo.id,
                content: replyTo.content,
                senderId: replyTo.senderId,
                senderUsername: replyTo.senderUsername,
                timestamp: replyTo.timestamp,
                type: replyTo.type,
              },
            }
          : {}),
      };
      useOutboxStore.getState().add(message);
      return emitMessage(socket, queryClient, { id, username }, message);
    },
    [socket, queryClient, id, username],
  );

  const retry = useCallback(
    (messageId: string) => {
      const message = useOutboxStore.getState().messages.find((candidate) => candidate.id === messageId);
      if (!socket || !message) return;
      useOutboxStore.getState().markPending(messageId);
      void emitMessage(socket, queryClient, { id, username }, message);
    },
    [socket, queryClient, id, username],
  );

  // The composer reports every keystroke; the room hears a change, or a refresh while typing goes on.
  const lastTyping = useRef({ isTyping: false, at: 0 });
  const setTyping = useCallback(
    (isTyping: boolean) => {
      const now = Date.now();
      if (!isTypingWorthAnnouncing(lastTyping.current, isTyping, now, GROUP_TYPING_REFRESH_MS)) return;
      if (!socket?.connected) return;
      lastTyping.current = { isTyping, at: now };
      socket.emit("group_typing", { isTyping });
    },
    [socket],
  );

  return { send, retry, setTyping };
}

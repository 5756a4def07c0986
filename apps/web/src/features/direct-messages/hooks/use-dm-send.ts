import {
  AUTOMOD_BLOCKED_CODE,
  type DirectMessage,
  type DirectMessageSendType,
  GROUP_TYPING_REFRESH_MS,
  isTypingWorthAnnouncing,
  MESSAGING_MESSAGES,
} from "@heartline/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import type { AppSocket } from "../../../lib/socket";
import { applyDmEvent } from "../state/apply-dm-event";
import { type OutboxEntry, useDmOutboxStore } from "../state/outbox";

/** How long a send waits for its ack before it shows as failed (spec §9 socket timeout 20 s). */
export const DM_SEND_ACK_TIMEOUT_MS = 20_000;

export interface DmSendInput {
  content: string;
  type?: DirectMessageSendType;
  replyTo?: DirectMessage | null;
}

export interface DmSendActions {
  /** Resolves once the server answered: true when stored (a caption waits for its picture). */
  send: (input: DmSendInput) => Promise<boolean>;
  /** Sends a failed message again with the same id (the server answers a repeated id with the stored row). */
  retry: (id: string) => void;
  setTyping: (isTyping: boolean) => void;
}

/** Emits one outbox entry and settles it by the ack: the stored row replaces it, or it fails with the reason. */
export function emitDirectMessage(
  socket: AppSocket,
  queryClient: QueryClient,
  entry: OutboxEntry,
): Promise<boolean> {
  const outbox = useDmOutboxStore.getState();
  return new Promise((resolve) => {
    socket.timeout(DM_SEND_ACK_TIMEOUT_MS).emit(
      "direct_message",
      {
        id: entry.id,
        receiverId: entry.partnerId,
        content: entry.content,
        type: entry.type,
        ...(entry.replyTo ? { replyToId: entry.replyTo.id } : {}),
      },
      (error, result) => {
        if (error || !result.ok) {
          // A refusal with a reason (blocked, deleted partner) says why; anything else is spec §8's text.
          const refusal = !error && !result.ok ? result.error : null;
          outbox.fail(
            entry.id,
            refusal && refusal.code !== "internal" ? refusal.message : MESSAGING_MESSAGES.saveFailed,
            refusal?.code === AUTOMOD_BLOCKED_CODE,
          );
          resolve(false);
          return;
        }
        applyDmEvent(queryClient, { type: "messages", partnerId: entry.partnerId, messages: [result.data] });
        outbox.remove(entry.id);
        resolve(true);
      },
    );
  });
}

/** Sending in one conversation: pending until the ack, failed with Retry (same id), typing announcements. */
export function useDmSend(socket: AppSocket | null, partnerId: string): DmSendActions {
  const queryClient = useQueryClient();

  const send = useCallback<DmSendActions["send"]>(
    ({ content, type = "text", replyTo }) => {
      const entry: OutboxEntry = {
        id: crypto.randomUUID(),
        partnerId,
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
                timestamp: replyTo.timestamp,
                type: replyTo.type,
              },
            }
          : {}),
      };
      useDmOutboxStore.getState().add(entry);
      if (!socket) {
        useDmOutboxStore.getState().fail(entry.id, MESSAGING_MESSAGES.saveFailed);
        return Promise.resolve(false);
      }
      return emitDirectMessage(socket, queryClient, entry);
    },
    [socket, queryClient, partnerId],
  );

  const retry = useCallback(
    (id: string) => {
      const entry = useDmOutboxStore.getState().entries.find((candidate) => candidate.id === id);
      if (!socket || !entry) return;
      useDmOutboxStore.getState().retry(id);
      void emitDirectMessage(socket, queryClient, entry);
    },
    [socket, queryClient],
  );

  // Throttled: a change, or a refresh every 2 s while typing goes on; the composer stops it after 3 s idle.
  const lastTyping = useRef({ isTyping: false, at: 0 });
  const setTyping = useCallback(
    (isTyping: boolean) => {
      const now = Date.now();
      if (!isTypingWorthAnnouncing(lastTyping.current, isTyping, now, GROUP_TYPING_REFRESH_MS)) return;
      if (!socket?.connected) return;
      lastTyping.current = { isTyping, at: now };
      socket.emit("direct_message_typing", { receiverId: partnerId, isTyping });
    },
    [socket, partnerId],
  );

  return { send, retry, setTyping };
}

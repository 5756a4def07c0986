import {
  type DirectMessage,
  type DirectMessageSendType,
  type DirectReplyPreview,
  MESSAGING_MESSAGES,
  type SendDirectMessagePayload,
} from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { AppSocket } from "../../../lib/socket";
import { sendWithAck, useOutboxSend, useTypingAnnouncer } from "../../chat-pipeline";
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

/** The quote a pending reply shows until the stored copy brings the server's. */
function replyPreviewOf({ id, content, senderId, timestamp, type }: DirectMessage): DirectReplyPreview {
  return { id, content, senderId, timestamp, type };
}

function payloadOf(entry: OutboxEntry): SendDirectMessagePayload {
  return {
    id: entry.id,
    receiverId: entry.partnerId,
    content: entry.content,
    type: entry.type,
    ...(entry.replyTo ? { replyToId: entry.replyTo.id } : {}),
  };
}

const emitDirectMessage = (socket: AppSocket, entry: OutboxEntry) =>
  sendWithAck(socket, "direct_message", payloadOf(entry), DM_SEND_ACK_TIMEOUT_MS);

/** Sending in one conversation through the chats' pipeline; a refusal without a reason says spec §8's text. */
export function useDmSend(socket: AppSocket | null, partnerId: string): DmSendActions {
  const queryClient = useQueryClient();
  const pipeline = useOutboxSend({
    socket,
    outbox: useDmOutboxStore,
    emit: emitDirectMessage,
    onStored: (entry, message) =>
      applyDmEvent(queryClient, { type: "messages", partnerId: entry.partnerId, messages: [message] }),
    fallbackError: MESSAGING_MESSAGES.saveFailed,
    offlineError: MESSAGING_MESSAGES.saveFailed,
  });
  const { send: sendNew } = pipeline;

  const send = useCallback<DmSendActions["send"]>(
    ({ content, type = "text", replyTo }) =>
      sendNew({ partnerId, content, type, ...(replyTo ? { replyTo: replyPreviewOf(replyTo) } : {}) }),
    [sendNew, partnerId],
  );

  const setTyping = useTypingAnnouncer(
    socket,
    useCallback(
      (live: AppSocket, isTyping: boolean) =>
        live.emit("direct_message_typing", { receiverId: partnerId, isTyping }),
      [partnerId],
    ),
  );

  return { send, retry: pipeline.retry, setTyping };
}

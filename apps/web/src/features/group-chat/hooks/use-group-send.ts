import {
  AUTOMOD_BLOCKED_CODE,
  CHAT_MESSAGE_RATE_WINDOW_MS,
  type ErrorBody,
  type GroupMessage,
  type GroupMessageType,
  type GroupReplyPreview,
  MESSAGING_ERROR_TOAST_DURATION_MS,
} from "@heartline/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { translate } from "../../../lib/i18n/i18n";
import type { AppSocket } from "../../../lib/socket";
import { sendWithAck, useOutboxSend, useTypingAnnouncer } from "../../chat-pipeline";
import { groupErrorText } from "../group-server-texts";
import { applyGroupChatEvent, readGroupRoom } from "../state/apply-group-chat-event";
import { type OutboxMessage, useGroupOutboxStore } from "../state/group-outbox";
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

/** The quote a pending reply shows until the stored copy brings the server's. */
function replyPreviewOf(message: GroupMessage): GroupReplyPreview {
  const { id, content, senderId, senderUsername, timestamp, type } = message;
  return { id, content, senderId, senderUsername, timestamp, type };
}

const emitGroupMessage = (socket: AppSocket, message: OutboxMessage) =>
  sendWithAck(
    socket,
    "group_message",
    {
      id: message.id,
      content: message.content,
      type: message.type,
      ...(message.replyTo ? { replyTo: { id: message.replyTo.id } } : {}),
    },
    SEND_ACK_TIMEOUT_MS,
  );

/** What a refusal says besides the line under the message (spec §8 'Failed to save message…'). */
function announceRefusal(refusal: ErrorBody | null, reason: string | undefined): void {
  // AutoMod's refusal names its rule under the message itself, with "Ask for review" (issue #15).
  if (refusal?.code === AUTOMOD_BLOCKED_CODE) return;
  if (refusal?.code === "rate_limited") {
    // issue #14: one inline note with the time left, not a toast per refused message. The limit
    // is a fixed window, so a full window from now is the latest the server still refuses.
    useSendCooldownStore.getState().startCooldown(Date.now() + CHAT_MESSAGE_RATE_WINDOW_MS);
    return;
  }
  toast.error(reason ? groupErrorText({ message: reason }) : translate("group.error.saveFailed"), {
    duration: MESSAGING_ERROR_TOAST_DURATION_MS,
  });
}

/** Sends to the room through the chats' pipeline, pending until the ack (ARCHITECTURE §5). */
export function useGroupSend(socket: AppSocket | null, sender: Sender): GroupSendActions {
  const queryClient = useQueryClient();
  const pipeline = useOutboxSend({
    socket,
    outbox: useGroupOutboxStore,
    emit: emitGroupMessage,
    onStored: (message, ack) => {
      // The broadcast copy may already be in (with the sender's picture); keep it then.
      if (readGroupRoom(queryClient).messages.some((stored) => stored.id === message.id)) return;
      applyGroupChatEvent(queryClient, {
        type: "group_message",
        message: {
          id: message.id,
          seq: ack.seq,
          // The stored text (issue #38: masked profanity), not what was typed.
          content: ack.content ?? message.content,
          type: message.type,
          senderId: sender.id,
          senderUsername: sender.username,
          senderProfileImage: null,
          timestamp: ack.timestamp,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        },
      });
    },
    onRefused: announceRefusal,
  });
  const { send: sendNew } = pipeline;

  const send = useCallback<GroupSendActions["send"]>(
    ({ content, type = "text", replyTo }) =>
      sendNew({ content, type, ...(replyTo ? { replyTo: replyPreviewOf(replyTo) } : {}) }),
    [sendNew],
  );

  const setTyping = useTypingAnnouncer(
    socket,
    useCallback((live: AppSocket, isTyping: boolean) => live.emit("group_typing", { isTyping }), []),
  );

  return { send, retry: pipeline.retry, setTyping };
}

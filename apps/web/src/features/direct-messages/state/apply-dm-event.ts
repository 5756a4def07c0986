import type {
  BlockStatePayload,
  ConversationDetail,
  ConversationStatePayload,
  DirectMessage,
  DirectMessageStatusPayload,
  PresenceStatus,
} from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { refetchAfterChange } from "../../../lib/refetch-after-change";
import { dmKeys } from "../api/dm-keys";
import {
  applyConversationState,
  applyMessageToList,
  type ConversationPages,
  deletedPartner,
  markPartnerDeleted,
} from "./conversation-list";
import { applyStatus, mergeMessages, type ThreadState } from "./thread-state";

export type DmEvent =
  /** A stored message: a `direct_message` push, an ack, or a catch-up page. */
  | { type: "messages"; partnerId: string; messages: DirectMessage[] }
  | { type: "status"; payload: DirectMessageStatusPayload; myId: string }
  | { type: "conversation_state"; payload: ConversationStatePayload }
  | { type: "block_state"; payload: BlockStatePayload }
  /** Issue #38: a partner deleted their account (`user_deleted`). */
  | { type: "user_deleted"; userId: string }
  /** Issue #38: a partner's presence changed (`user:status`). */
  | { type: "user_status"; userId: string; status: PresenceStatus };

/** The other person of a message, seen from `myId`. */
export function partnerOf(message: Pick<DirectMessage, "senderId" | "receiverId">, myId: string): string {
  return message.senderId === myId ? message.receiverId : message.senderId;
}

/** The loaded pages again from page 1 (a conversation none of them has: its row and unread share are the server's). */
function invalidateList(queryClient: QueryClient): void {
  void refetchAfterChange(queryClient, dmKeys.conversations());
}

/**
 * The one place the direct-message caches change from the server (STYLE: each feature applies its
 * socket events in one function). Deduplicates by message id, so an ack and the same push, or a push
 * and a catch-up page, leave one row.
 */
export function applyDmEvent(queryClient: QueryClient, event: DmEvent): void {
  switch (event.type) {
    case "messages": {
      queryClient.setQueryData<ThreadState>(dmKeys.thread(event.partnerId), (thread) =>
        thread ? { ...thread, messages: mergeMessages(thread.messages, event.messages) } : thread,
      );
      const newest = event.messages.reduce<DirectMessage | undefined>(
        (latest, message) => (!latest || message.seq > latest.seq ? message : latest),
        undefined,
      );
      if (!newest) return;
      const list = queryClient.getQueryData<ConversationPages>(dmKeys.conversations());
      if (!list) return;
      const next = applyMessageToList(list, newest);
      if (next) queryClient.setQueryData(dmKeys.conversations(), next);
      else invalidateList(queryClient);
      return;
    }
    case "status": {
      const { conversationId, upToSeq, status } = event.payload;
      for (const [key, thread] of queryClient.getQueriesData<ThreadState>({ queryKey: dmKeys.threads() })) {
        if (!thread || thread.messages[0]?.conversationId !== conversationId) continue;
        queryClient.setQueryData(key, applyStatus(thread, event.myId, upToSeq, status));
      }
      return;
    }
    case "conversation_state": {
      const list = queryClient.getQueryData<ConversationPages>(dmKeys.conversations());
      if (!list) return;
      const next = applyConversationState(list, event.payload);
      if (next) queryClient.setQueryData(dmKeys.conversations(), next);
      else invalidateList(queryClient);
      return;
    }
    case "block_state": {
      const { userId, blocked } = event.payload;
      queryClient.setQueryData<ConversationDetail>(dmKeys.conversation(userId), (detail) =>
        detail ? { ...detail, blockedByMe: blocked } : detail,
      );
      queryClient.setQueryData<string[]>(dmKeys.blockedIds(), (ids) =>
        ids ? [...ids.filter((id) => id !== userId), ...(blocked ? [userId] : [])] : ids,
      );
      return;
    }
    case "user_deleted": {
      const { userId } = event;
      queryClient.setQueryData<ConversationDetail>(dmKeys.conversation(userId), (detail) =>
        detail
          ? { ...detail, partner: deletedPartner(detail.partner), isFriend: false, partnerStatus: null }
          : detail,
      );
      queryClient.setQueryData<ConversationPages>(dmKeys.conversations(), (list) =>
        list ? markPartnerDeleted(list, userId) : list,
      );
      return;
    }
    case "user_status": {
      const { userId, status } = event;
      queryClient.setQueryData<ConversationDetail>(dmKeys.conversation(userId), (detail) =>
        detail && detail.partnerStatus !== null ? { ...detail, partnerStatus: status } : detail,
      );
      return;
    }
  }
}

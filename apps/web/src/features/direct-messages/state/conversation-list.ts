import type {
  ConversationList,
  ConversationStatePayload,
  ConversationSummary,
  DirectMessage,
} from "@heartline/shared";

export type ConversationTab = "all" | "hidden";

function activity(conversation: ConversationSummary): number {
  return Math.max(conversation.lastMessage?.timestamp ?? 0, conversation.updatedAt);
}

/** Newest activity first (spec §4 Conversations). */
export function sortConversations(conversations: readonly ConversationSummary[]): ConversationSummary[] {
  return [...conversations].sort((a, b) => activity(b) - activity(a));
}

/** The list's total: unread counts of conversations that are not hidden (SOCIAL_PATHS ConversationList). */
export function totalUnread(conversations: readonly ConversationSummary[]): number {
  return conversations.reduce(
    (sum, conversation) => sum + (conversation.hidden ? 0 : conversation.unreadCount),
    0,
  );
}

function withTotal(conversations: ConversationSummary[]): ConversationList {
  return { conversations, totalUnread: totalUnread(conversations) };
}

/** The rows of one tab: visible conversations, or the hidden ones. */
export function filterConversations(
  conversations: readonly ConversationSummary[],
  tab: ConversationTab,
): ConversationSummary[] {
  return sortConversations(
    conversations.filter((conversation) => conversation.hidden === (tab === "hidden")),
  );
}

/**
 * A new message (push or ack) becomes the conversation's last message and moves it to the top. Returns
 * null when the conversation is not in the list yet: the caller fetches the list (the partner's name
 * and picture come only from the server).
 */
export function applyMessageToList(list: ConversationList, message: DirectMessage): ConversationList | null {
  const index = list.conversations.findIndex(
    (conversation) => conversation.conversationId === message.conversationId,
  );
  const current = list.conversations[index];
  if (!current) return null;
  if (current.lastMessage && current.lastMessage.seq >= message.seq) return list;
  const updated: ConversationSummary = {
    ...current,
    lastMessage: {
      id: message.id,
      content: message.content,
      type: message.type,
      senderId: message.senderId,
      timestamp: message.timestamp,
      seq: message.seq,
    },
    updatedAt: Math.max(current.updatedAt, message.timestamp),
  };
  const conversations = [...list.conversations];
  conversations[index] = updated;
  return withTotal(sortConversations(conversations));
}

/** `conversation_state` (every tab of mine): unread count, read position and hidden flag as the server has them. */
export function applyConversationState(
  list: ConversationList,
  state: ConversationStatePayload,
): ConversationList | null {
  const index = list.conversations.findIndex(
    (conversation) => conversation.conversationId === state.conversationId,
  );
  const current = list.conversations[index];
  if (!current) return null;
  const conversations = [...list.conversations];
  conversations[index] = {
    ...current,
    hidden: state.hidden,
    unreadCount: state.unreadCount,
    lastReadSeq: Math.max(current.lastReadSeq, state.lastReadSeq),
  };
  return withTotal(conversations);
}

/** Hide or unhide one partner's conversation locally (optimistic; the caller keeps the old list to roll back). */
export function setHidden(list: ConversationList, partnerId: string, hidden: boolean): ConversationList {
  return withTotal(
    list.conversations.map((conversation) =>
      conversation.partner.id === partnerId ? { ...conversation, hidden } : conversation,
    ),
  );
}

/** "Photo" and "GIF" instead of an upload's address (spec §2 conversation list). */
export function previewText(lastMessage: ConversationSummary["lastMessage"]): string {
  if (!lastMessage) return "No messages yet";
  if (lastMessage.type === "image") return "Photo";
  if (lastMessage.type === "gif") return "GIF";
  return lastMessage.content;
}

import type { ConversationSummary, DirectMessage } from "@heartline/shared";

export const ME = "meUser000000000000000001";
export const SAM = "samUser00000000000000001";
export const CONVERSATION_ID = [ME, SAM].sort().join("-");

/** A stored message of the conversation between ME and SAM (defaults: from Sam, seq 1). */
export function dm(overrides: Partial<DirectMessage> & { seq: number }): DirectMessage {
  return {
    id: `00000000-0000-4000-8000-${String(overrides.seq).padStart(12, "0")}`,
    conversationId: CONVERSATION_ID,
    senderId: SAM,
    receiverId: ME,
    content: `message ${overrides.seq}`,
    type: "text",
    status: "sent",
    timestamp: 1_700_000_000_000 + overrides.seq * 1000,
    ...overrides,
  };
}

/** One row of the conversation list. */
export function conversation(
  overrides: Partial<ConversationSummary> & { partnerId: string },
): ConversationSummary {
  const { partnerId, ...rest } = overrides;
  return {
    conversationId: [ME, partnerId].sort().join("-"),
    partner: {
      id: partnerId,
      username: partnerId.slice(0, 4),
      profileImage: null,
      gender: null,
      isDeleted: false,
    },
    lastMessage: null,
    unreadCount: 0,
    hidden: false,
    lastReadSeq: 0,
    updatedAt: 0,
    ...rest,
  };
}

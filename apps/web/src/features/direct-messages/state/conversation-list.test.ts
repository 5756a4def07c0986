import { describe, expect, it } from "vitest";
import {
  applyConversationState,
  applyMessageToList,
  filterConversations,
  previewText,
  setHidden,
  sortConversations,
  totalUnread,
} from "./conversation-list";
import { CONVERSATION_ID, conversation, dm, SAM } from "./test-messages";

const ALEX = "alexUser0000000000000001";
const KIM = "kimUser00000000000000001";

const last = (seq: number, timestamp: number) => ({
  id: `id-${seq}`,
  content: "hi",
  type: "text" as const,
  senderId: SAM,
  timestamp,
  seq,
});

describe("the conversation list", () => {
  const list = [
    conversation({ partnerId: SAM, lastMessage: last(1, 1_000), unreadCount: 2 }),
    conversation({ partnerId: ALEX, lastMessage: last(1, 5_000), unreadCount: 1, hidden: true }),
    conversation({ partnerId: KIM, lastMessage: last(1, 3_000), unreadCount: 4 }),
  ];

  it("sorts newest first and counts unread only outside the hidden ones", () => {
    expect(sortConversations(list).map((row) => row.partner.id)).toEqual([ALEX, KIM, SAM]);
    expect(totalUnread(list)).toBe(6);
  });

  it("the Hidden tab shows only hidden conversations, the other tab the rest", () => {
    expect(filterConversations(list, "all").map((row) => row.partner.id)).toEqual([KIM, SAM]);
    expect(filterConversations(list, "hidden").map((row) => row.partner.id)).toEqual([ALEX]);
  });

  it("a new message becomes the preview and moves its conversation to the top; an unknown one asks for the list", () => {
    const state = { conversations: list, totalUnread: 6 };
    const next = applyMessageToList(state, dm({ seq: 2, timestamp: 9_000, content: "latest" }));
    expect(next?.conversations[0]?.conversationId).toBe(CONVERSATION_ID);
    expect(next?.conversations[0]?.lastMessage?.content).toBe("latest");
    expect(applyMessageToList(state, dm({ seq: 1, conversationId: "someone-else" }))).toBeNull();
    // A message older than the preview changes nothing.
    expect(applyMessageToList(next ?? state, dm({ seq: 1 }))).toBe(next);
  });

  it("conversation_state sets unread, read position and hidden, and the total follows", () => {
    const state = { conversations: list, totalUnread: 6 };
    const read = applyConversationState(state, {
      partnerId: SAM,
      conversationId: CONVERSATION_ID,
      hidden: false,
      unreadCount: 0,
      lastReadSeq: 7,
    });
    expect(read?.totalUnread).toBe(4);
    expect(read?.conversations.find((row) => row.partner.id === SAM)?.lastReadSeq).toBe(7);
    const unhidden = applyConversationState(state, {
      partnerId: ALEX,
      conversationId: list[1]?.conversationId ?? "",
      hidden: false,
      unreadCount: 1,
      lastReadSeq: 0,
      unhiddenByMessage: true,
    });
    expect(unhidden?.totalUnread).toBe(7);
  });

  it("hiding is a local change the caller can roll back (the previous list is untouched)", () => {
    const state = { conversations: list, totalUnread: 6 };
    const hidden = setHidden(state, SAM, true);
    expect(hidden.totalUnread).toBe(4);
    expect(state.conversations[0]?.hidden).toBe(false);
  });

  it("previews an image as Photo and a GIF as GIF", () => {
    expect(previewText({ ...last(1, 1), type: "image", content: "/uploads/a.jpg" })).toBe("Photo");
    expect(previewText({ ...last(1, 1), type: "gif", content: "/uploads/a.gif" })).toBe("GIF");
    expect(previewText(null)).toBe("No messages yet");
  });
});

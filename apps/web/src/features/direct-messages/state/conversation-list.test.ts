import type { ConversationList, ConversationSummary } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import {
  applyConversationState,
  applyMessageToList,
  type ConversationPages,
  filterConversations,
  loadedConversations,
  previewText,
  setHidden,
  sortConversations,
  unreadTotalOf,
} from "./conversation-list";
import { CONVERSATION_ID, conversation, dm, SAM } from "./test-messages";

const ALEX = "alexUser0000000000000001";
const KIM = "kimUser00000000000000001";
const LEE = "leeUser00000000000000001";

const last = (seq: number, timestamp: number) => ({
  id: `id-${seq}`,
  content: "hi",
  type: "text" as const,
  senderId: SAM,
  timestamp,
  seq,
});

/** Two loaded pages (ADR 0010); the server's total also counts 10 unread on pages not loaded. */
function twoPages(): ConversationPages {
  const page = (conversations: ConversationSummary[], nextCursor: string | null): ConversationList => ({
    conversations,
    totalUnread: 2 + 4 + 10,
    nextCursor,
  });
  return {
    pages: [
      page(
        [
          conversation({ partnerId: ALEX, lastMessage: last(1, 5_000), unreadCount: 1, hidden: true }),
          conversation({ partnerId: KIM, lastMessage: last(1, 3_000), unreadCount: 4 }),
        ],
        "cursor-1",
      ),
      page(
        [
          conversation({ partnerId: LEE, lastMessage: last(1, 2_000) }),
          conversation({ partnerId: SAM, lastMessage: last(1, 1_000), unreadCount: 2 }),
        ],
        "cursor-2",
      ),
    ],
    pageParams: [undefined, "cursor-1"],
  };
}

const partnersOf = (rows: readonly ConversationSummary[]) => rows.map((row) => row.partner.id);
const pagePartners = (pages: ConversationPages | null) =>
  pages?.pages.map((page) => partnersOf(page.conversations));

describe("the conversation list, in pages", () => {
  it("flattens the loaded pages in order, once each, and takes the server's total over all of them", () => {
    const pages = twoPages();
    expect(partnersOf(loadedConversations(pages))).toEqual([ALEX, KIM, LEE, SAM]);
    expect(unreadTotalOf(pages)).toBe(16);
    expect(unreadTotalOf(undefined)).toBe(0);
    // A conversation on two pages (a refetch racing a page load) is shown once.
    const [first, second] = pages.pages;
    if (!first || !second) throw new Error("two pages");
    const racing = {
      ...pages,
      pages: [first, { ...second, conversations: [...second.conversations, ...first.conversations] }],
    };
    expect(partnersOf(loadedConversations(racing))).toEqual([ALEX, KIM, LEE, SAM]);
  });

  it("sorts newest first; the Hidden tab shows only hidden conversations, the other tab the rest", () => {
    const all = loadedConversations(twoPages());
    expect(partnersOf(sortConversations([...all].reverse()))).toEqual([ALEX, KIM, LEE, SAM]);
    expect(partnersOf(filterConversations(all, "all"))).toEqual([KIM, LEE, SAM]);
    expect(partnersOf(filterConversations(all, "hidden"))).toEqual([ALEX]);
  });

  it("a new message moves its conversation from page 2 to the top of page 1; the cursors stay", () => {
    const pages = twoPages();
    const next = applyMessageToList(pages, dm({ seq: 2, timestamp: 9_000, content: "latest" }));
    expect(pagePartners(next)).toEqual([[SAM, ALEX, KIM], [LEE]]);
    expect(next?.pages[0]?.conversations[0]?.lastMessage?.content).toBe("latest");
    expect(next?.pages.map((page) => page.nextCursor)).toEqual(["cursor-1", "cursor-2"]);
    expect(next?.pageParams).toEqual([undefined, "cursor-1"]);
    // The unread count comes with conversation_state, not with the message: the total is unchanged.
    expect(unreadTotalOf(next ?? undefined)).toBe(16);
    // The input is untouched (a rollback or a render of the old value sees the old pages).
    expect(pagePartners(pages)).toEqual([
      [ALEX, KIM],
      [LEE, SAM],
    ]);
    // A message older than the preview changes nothing; one of a conversation no page has asks for the list.
    expect(next && applyMessageToList(next, dm({ seq: 1 }))).toBe(next);
    expect(applyMessageToList(pages, dm({ seq: 1, conversationId: "someone-else" }))).toBeNull();
  });

  it("conversation_state sets unread, read position and hidden where the row is; the total moves by the difference", () => {
    const pages = twoPages();
    const read = applyConversationState(pages, {
      partnerId: SAM,
      conversationId: CONVERSATION_ID,
      hidden: false,
      unreadCount: 0,
      lastReadSeq: 7,
    });
    expect(read?.pages.map((page) => page.totalUnread)).toEqual([14, 14]);
    expect(loadedConversations(read ?? undefined).find((row) => row.partner.id === SAM)?.lastReadSeq).toBe(7);
    expect(pagePartners(read)).toEqual(pagePartners(pages));
    const unhidden = applyConversationState(pages, {
      partnerId: ALEX,
      conversationId: loadedConversations(pages)[0]?.conversationId ?? "",
      hidden: false,
      unreadCount: 2,
      lastReadSeq: 0,
      unhiddenByMessage: true,
    });
    expect(unreadTotalOf(unhidden ?? undefined)).toBe(18);
    // Not loaded: the caller fetches the pages again (its share of the total is the server's to say).
    expect(
      applyConversationState(pages, {
        partnerId: "farAway00000000000000001",
        conversationId: "farAway-me",
        hidden: false,
        unreadCount: 3,
        lastReadSeq: 0,
      }),
    ).toBeNull();
  });

  it("hiding is a local change the caller can roll back; one on a page not loaded changes nothing", () => {
    const pages = twoPages();
    const hidden = setHidden(pages, SAM, true);
    expect(unreadTotalOf(hidden)).toBe(14);
    expect(loadedConversations(hidden).find((row) => row.partner.id === SAM)?.hidden).toBe(true);
    expect(loadedConversations(pages).find((row) => row.partner.id === SAM)?.hidden).toBe(false);
    expect(unreadTotalOf(setHidden(hidden, SAM, false))).toBe(16);
    expect(setHidden(pages, "farAway00000000000000001", true)).toBe(pages);
  });

  it("previews an image as Photo and a GIF as GIF", () => {
    expect(previewText({ ...last(1, 1), type: "image", content: "/uploads/a.jpg" })).toBe("Photo");
    expect(previewText({ ...last(1, 1), type: "gif", content: "/uploads/a.gif" })).toBe("GIF");
    expect(previewText(null)).toBe("No messages yet");
  });
});

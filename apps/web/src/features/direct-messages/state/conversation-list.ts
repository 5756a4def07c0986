import type {
  ConversationList,
  ConversationStatePayload,
  ConversationSummary,
  DirectMessage,
} from "@heartline/shared";
import { DISPLAY_NAME_FALLBACKS } from "@heartline/shared";
import type { InfiniteData } from "@tanstack/react-query";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { translate } from "../../../lib/i18n/i18n";

export type ConversationTab = "all" | "hidden";

/**
 * The list as the client holds it (ADR 0010): the pages of `GET /api/conversations` loaded so far,
 * newest activity first, each with the cursor it was read after. The unread total is the server's,
 * over ALL the user's conversations (also the ones on pages not loaded): the first page's
 * `totalUnread`, moved by the changes this client sees.
 */
export type ConversationPages = InfiniteData<ConversationList, string | undefined>;

function activity(conversation: ConversationSummary): number {
  return Math.max(conversation.lastMessage?.timestamp ?? 0, conversation.updatedAt);
}

/** Newest activity first (spec §4 Conversations). */
export function sortConversations(conversations: readonly ConversationSummary[]): ConversationSummary[] {
  return [...conversations].sort((a, b) => activity(b) - activity(a));
}

/** Every loaded conversation once, in page order (a refetch racing a page can never show one twice). */
export function loadedConversations(pages: ConversationPages | undefined): ConversationSummary[] {
  const seen = new Set<string>();
  return (pages?.pages ?? []).flatMap((page) =>
    page.conversations.filter((conversation) => {
      if (seen.has(conversation.conversationId)) return false;
      seen.add(conversation.conversationId);
      return true;
    }),
  );
}

/** The header's and the title's count: unread over every conversation that is not hidden. */
export function unreadTotalOf(pages: ConversationPages | undefined): number {
  return pages?.pages[0]?.totalUnread ?? 0;
}

/** What one conversation adds to the unread total. */
function unreadShare(conversation: Pick<ConversationSummary, "hidden" | "unreadCount">): number {
  return conversation.hidden ? 0 : conversation.unreadCount;
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
 * Replaces one loaded conversation (found by `matches`) by `change(it)`, moving the unread total by the
 * difference; with `toTop`, it leaves its page for the top of page 1 (pages keep their cursors: a
 * cursor is a position, so the next page still starts where the last one read ended). Null when no
 * loaded page has it.
 */
function changeConversation(
  pages: ConversationPages,
  matches: (conversation: ConversationSummary) => boolean,
  change: (conversation: ConversationSummary) => ConversationSummary,
  toTop = false,
): ConversationPages | null {
  const current = loadedConversations(pages).find(matches);
  if (!current) return null;
  const updated = change(current);
  if (updated === current) return pages;
  const totalUnread = unreadTotalOf(pages) - unreadShare(current) + unreadShare(updated);
  const next = pages.pages.map((page, index) => {
    let conversations = page.conversations;
    if (toTop) {
      const others = conversations.filter((conversation) => !matches(conversation));
      conversations = index === 0 ? sortConversations([updated, ...others]) : others;
    } else {
      conversations = conversations.map((conversation) => (matches(conversation) ? updated : conversation));
    }
    return { ...page, conversations, totalUnread };
  });
  return { ...pages, pages: next };
}

/**
 * A new message (push or ack) becomes the conversation's last message and moves it to the top of page
 * 1. Returns null when no loaded page has the conversation: the caller fetches the list again (the
 * partner's name and picture, and its unread share, come only from the server).
 */
export function applyMessageToList(
  pages: ConversationPages,
  message: DirectMessage,
): ConversationPages | null {
  return changeConversation(
    pages,
    (conversation) => conversation.conversationId === message.conversationId,
    (current) =>
      current.lastMessage && current.lastMessage.seq >= message.seq
        ? current
        : {
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
          },
    true,
  );
}

/** `conversation_state` (every tab of mine): unread count, read position and hidden flag as the server has them. */
export function applyConversationState(
  pages: ConversationPages,
  state: ConversationStatePayload,
): ConversationPages | null {
  return changeConversation(
    pages,
    (conversation) => conversation.conversationId === state.conversationId,
    (current) => ({
      ...current,
      hidden: state.hidden,
      unreadCount: state.unreadCount,
      lastReadSeq: Math.max(current.lastReadSeq, state.lastReadSeq),
    }),
  );
}

/**
 * Hide or unhide one partner's conversation locally (optimistic; the caller keeps the old pages to roll
 * back). Unchanged when no loaded page has it.
 */
export function setHidden(pages: ConversationPages, partnerId: string, hidden: boolean): ConversationPages {
  return (
    changeConversation(
      pages,
      (conversation) => conversation.partner.id === partnerId,
      (current) => ({ ...current, hidden }),
    ) ?? pages
  );
}

/**
 * Issue #38: the partner deleted their account (`user_deleted`): their row reads 'Deleted User' at
 * once (no name, picture or gender left). Unchanged when no loaded page has it.
 */
export function markPartnerDeleted(pages: ConversationPages, partnerId: string): ConversationPages {
  return (
    changeConversation(
      pages,
      (conversation) => conversation.partner.id === partnerId,
      (current) => ({ ...current, partner: deletedPartner(current.partner) }),
    ) ?? pages
  );
}

/** What is left of a person whose account is gone (spec §4: 'Deleted User'). */
export function deletedPartner<T extends ConversationSummary["partner"]>(partner: T): T {
  return {
    ...partner,
    username: DISPLAY_NAME_FALLBACKS.deletedUser,
    profileImage: null,
    gender: null,
    isDeleted: true,
  };
}

/** "Photo" and "GIF" instead of an upload's address (spec §2 conversation list). */
export function previewText(
  lastMessage: ConversationSummary["lastMessage"],
  t: (id: MessageId) => string = translate,
): string {
  if (!lastMessage) return t("group.empty.title");
  if (lastMessage.type === "image") return t("dm.photo");
  if (lastMessage.type === "gif") return t("group.gif");
  return lastMessage.content;
}

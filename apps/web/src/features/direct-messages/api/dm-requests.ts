// First: shared modules build zod schemas when first used, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import {
  CONVERSATION_PAGE_SIZE,
  type ConversationDetail,
  type ConversationList,
  type ConversationStatePayload,
  type DirectMessagePage,
  DM_HISTORY_MAX_PAGE_SIZE,
  DM_HISTORY_PAGE_SIZE,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";

/** One page of the conversation list (ADR 0010): the first, or the one after `before` (a `nextCursor`). */
export function fetchConversations(before?: string): Promise<ConversationList> {
  const query = new URLSearchParams({ limit: String(CONVERSATION_PAGE_SIZE) });
  if (before !== undefined) query.set("before", before);
  return apiRequest<ConversationList>(`${SOCIAL_PATHS.conversations}?${query}`);
}

export function fetchConversation(partnerId: string): Promise<ConversationDetail> {
  return apiRequest<ConversationDetail>(SOCIAL_PATHS.conversation(partnerId));
}

/** Keyset pages (oldest first within a page): the newest, `before` a seq, or `after` a seq. */
export function fetchMessages(
  partnerId: string,
  cursor: { before?: number; after?: number } = {},
): Promise<DirectMessagePage> {
  const query = new URLSearchParams({
    limit: String(cursor.after === undefined ? DM_HISTORY_PAGE_SIZE : DM_HISTORY_MAX_PAGE_SIZE),
  });
  if (cursor.before !== undefined) query.set("before", String(cursor.before));
  if (cursor.after !== undefined) query.set("after", String(cursor.after));
  return apiRequest<DirectMessagePage>(`${SOCIAL_PATHS.conversationMessages(partnerId)}?${query}`);
}

export function postConversationAction(
  partnerId: string,
  action: "read" | "hide" | "unhide",
): Promise<ConversationStatePayload & { ignored?: boolean }> {
  const path =
    action === "read"
      ? SOCIAL_PATHS.conversationRead(partnerId)
      : action === "hide"
        ? SOCIAL_PATHS.conversationHide(partnerId)
        : SOCIAL_PATHS.conversationUnhide(partnerId);
  return apiRequest(path, { method: "POST" });
}

import type { ConversationHistoryQuery, DirectMessagePage } from "@heartline/shared";
import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { conversationIdOf, directMessages } from "../../db/schema";
import { MESSAGE_WITH_REPLY, replies, toDirectMessage } from "./dm-rows";

export interface ReadDirectMessagesOptions {
  db: Database;
  userId: string;
  partnerId: string;
  query: ConversationHistoryQuery;
}

/**
 * A page of a thread by keyset on (conversation_id, seq), never OFFSET (ARCHITECTURE §4), oldest first:
 * no cursor → the newest page; `before` → older than it (scrolling up); `after` → newer than it, in
 * order (what a reconnecting client missed: it asks again from the last seq while `hasMore`).
 * The caller has checked the partner (spec §5 texts for a deleted or unknown one).
 */
export async function readDirectMessages({
  db,
  userId,
  partnerId,
  query,
}: ReadDirectMessagesOptions): Promise<DirectMessagePage> {
  const conversationId = conversationIdOf(userId, partnerId);
  const inConversation = eq(directMessages.conversationId, conversationId);
  const forward = query.after !== undefined;
  const where =
    query.after !== undefined
      ? and(inConversation, gt(directMessages.seq, query.after))
      : query.before !== undefined
        ? and(inConversation, lt(directMessages.seq, query.before))
        : inConversation;
  const rows = await db
    .select(MESSAGE_WITH_REPLY)
    .from(directMessages)
    .leftJoin(replies, eq(replies.id, directMessages.replyToId))
    .where(where)
    .orderBy(forward ? asc(directMessages.seq) : desc(directMessages.seq))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (!forward) page.reverse();
  return { messages: page.map(({ message, reply }) => toDirectMessage(message, reply)), hasMore };
}

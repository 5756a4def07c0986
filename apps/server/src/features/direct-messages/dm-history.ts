import type { ConversationHistoryQuery, DirectMessagePage } from "@heartline/shared";
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { preparedPerDatabase } from "../../db/prepared";
import { conversationIdOf, directMessages } from "../../db/schema";
import { MESSAGE_WITH_REPLY, quotedOf, replies, toDirectMessage } from "./dm-rows";

export interface ReadDirectMessagesOptions {
  db: Database;
  userId: string;
  partnerId: string;
  query: ConversationHistoryQuery;
}

type Cursor = "newest" | "before" | "after";

/** The three page queries, prepared once per database. */
const preparedPages = preparedPerDatabase((db) => {
  const page = (cursor: Cursor) => {
    const inConversation = eq(directMessages.conversationId, sql.placeholder("conversationId"));
    const where =
      cursor === "after"
        ? and(inConversation, gt(directMessages.seq, sql.placeholder("seq")))
        : cursor === "before"
          ? and(inConversation, lt(directMessages.seq, sql.placeholder("seq")))
          : inConversation;
    return db
      .select(MESSAGE_WITH_REPLY)
      .from(directMessages)
      .leftJoin(replies, eq(replies.id, directMessages.replyToId))
      .where(where)
      .orderBy(cursor === "after" ? asc(directMessages.seq) : desc(directMessages.seq))
      .limit(sql.placeholder("limit"))
      .prepare(`dm_page_${cursor}`);
  };
  return { newest: page("newest"), before: page("before"), after: page("after") };
});

/**
 * A page of a thread by keyset on (conversation_id, seq), never OFFSET (ARCHITECTURE §4), oldest first:
 * no cursor → the newest page; `before` → older than it (scrolling up); `after` → newer than it, in
 * order (what a reconnecting client missed: it asks again from the last seq while `hasMore`).
 * The caller has checked the partner (spec §5 texts for a deleted or unknown one). Prepared (bench B5:
 * planning the statement again on every page was most of its tail).
 */
export async function readDirectMessages({
  db,
  userId,
  partnerId,
  query,
}: ReadDirectMessagesOptions): Promise<DirectMessagePage> {
  const pages = preparedPages(db);
  const conversationId = conversationIdOf(userId, partnerId);
  const forward = query.after !== undefined;
  const limit = query.limit + 1;
  const rows =
    query.after !== undefined
      ? await pages.after.execute({ conversationId, seq: query.after, limit })
      : query.before !== undefined
        ? await pages.before.execute({ conversationId, seq: query.before, limit })
        : await pages.newest.execute({ conversationId, limit });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (!forward) page.reverse();
  return { messages: page.map(({ message, reply }) => toDirectMessage(message, quotedOf(reply))), hasMore };
}

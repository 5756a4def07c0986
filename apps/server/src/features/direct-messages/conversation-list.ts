import type {
  ConversationDetail,
  ConversationList,
  ConversationListQuery,
  ConversationSummary,
} from "@heartline/shared";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/create-database";
import { conversationIdOf, conversationState, conversations, directMessages, user } from "../../db/schema";
import type { UserRow } from "../accounts/index";
import { blockRelation } from "../blocks/index";
import { areFriends } from "../friends/index";
import { findPersonById, SOCIAL_USER_COLUMNS, toSocialUser } from "../profiles/index";
import { decodeConversationCursor, encodeConversationCursor } from "./conversation-cursor";

/** All of one user's state rows, for the unread total beside a page (`sql` names an alias alone). */
const allStates = alias(conversationState, "all_states");

/** Unread over every conversation of the user's that is not hidden, not only a page's. */
const unreadTotalOf = (userId: string) =>
  sql<number>`(select coalesce(sum(${allStates.unreadCount}), 0)::int from ${conversationState} ${allStates}
    where ${allStates.userId} = ${userId} and not ${allStates.hidden})`;

interface SummaryQuery {
  userId: string;
  /** The list: its keyset condition (or none, page 1) and page size. */
  page?: { after: SQL | undefined; limit: number };
  /** The detail: one conversation. */
  conversationId?: string;
}

/**
 * One statement: the user's state rows (a keyset page in `conversation_state_list_idx` order, or one
 * conversation), the other person and the last message, and for a page the unread total.
 */
async function summaries(db: Database, { userId, page, conversationId }: SummaryQuery) {
  const rows = await db
    .select({
      state: {
        unreadCount: conversationState.unreadCount,
        hidden: conversationState.hidden,
        lastReadSeq: conversationState.lastReadSeq,
        lastMessageAt: conversationState.lastMessageAt,
      },
      conversationId: conversationState.conversationId,
      partner: SOCIAL_USER_COLUMNS,
      last: {
        id: directMessages.id,
        content: directMessages.content,
        type: directMessages.type,
        senderId: directMessages.senderId,
        createdAt: directMessages.createdAt,
        seq: directMessages.seq,
      },
      // An uncorrelated sub-select: computed once per statement (an InitPlan), not per row.
      totalUnread: page ? unreadTotalOf(userId) : sql<null>`null`,
    })
    .from(conversationState)
    .innerJoin(conversations, eq(conversations.id, conversationState.conversationId))
    // The other person: one primary-key lookup per row (an OR of both sides reads both users).
    .innerJoin(
      user,
      eq(
        user.id,
        sql`case when ${conversations.userA} = ${userId} then ${conversations.userB} else ${conversations.userA} end`,
      ),
    )
    .leftJoin(
      directMessages,
      and(eq(directMessages.conversationId, conversations.id), eq(directMessages.seq, conversations.lastSeq)),
    )
    .where(
      and(
        eq(conversationState.userId, userId),
        conversationId === undefined ? page?.after : eq(conversationState.conversationId, conversationId),
      ),
    )
    .orderBy(desc(conversationState.lastMessageAt), desc(conversationState.conversationId))
    .limit(page ? page.limit + 1 : 1);
  const list = rows.map(
    ({ state, conversationId: id, partner, last }): ConversationSummary => ({
      conversationId: id,
      partner: toSocialUser(partner),
      lastMessage: last
        ? {
            id: last.id,
            content: last.content,
            type: last.type,
            senderId: last.senderId,
            timestamp: last.createdAt.getTime(),
            seq: last.seq,
          }
        : null,
      unreadCount: state.unreadCount,
      hidden: state.hidden,
      lastReadSeq: state.lastReadSeq,
      updatedAt: state.lastMessageAt.getTime(),
    }),
  );
  return { list, totalUnread: rows[0]?.totalUnread ?? null };
}

/**
 * `GET /api/conversations?before=&limit=` (ADR 0010): one page, newest activity first, hidden ones
 * included (flagged), and the unread total over all of them but the hidden ones, in one statement.
 *
 * Cursor semantics: `before` is the position (last activity, conversation id) of the previous page's
 * last row, and a page holds the rows strictly after it in that order. A conversation that gets a
 * message while the pages are read moves above every cursor already handed out: the pages read forward
 * never show it (again), so no conversation appears twice in them; the client has the live event, and
 * a re-read of page 1 shows it at the top.
 */
export async function listConversations(
  db: Database,
  userId: string,
  query: ConversationListQuery,
): Promise<ConversationList> {
  const cursor = decodeConversationCursor(query.before);
  const after = cursor
    ? sql`(${conversationState.lastMessageAt}, ${conversationState.conversationId}) < (${new Date(cursor.lastMessageAtMs).toISOString()}::timestamptz, ${cursor.conversationId})`
    : undefined;
  const { list, totalUnread } = await summaries(db, { userId, page: { after, limit: query.limit } });
  const page = list.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    list.length > query.limit && last
      ? encodeConversationCursor({ lastMessageAtMs: last.updatedAt, conversationId: last.conversationId })
      : null;
  return {
    conversations: page,
    // No row on this page (past the end): the total still counts, read on its own.
    totalUnread: totalUnread ?? (cursor ? await readUnreadTotal(db, userId) : 0),
    nextCursor,
  };
}

async function readUnreadTotal(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ total: unreadTotalOf(userId) }).from(sql`(select 1) as one`);
  return row?.total ?? 0;
}

/**
 * `GET /api/conversations/:partnerId`: the partner (spec §5: a deleted or unknown one is refused with
 * its text), the conversation if any, and how the two stand (blocked by me, friends).
 */
export async function conversationDetail(
  db: Database,
  userId: string,
  partnerId: string,
): Promise<ConversationDetail> {
  const partner: UserRow = await findPersonById(db, partnerId);
  const [{ list }, relation, isFriend] = await Promise.all([
    summaries(db, { userId, conversationId: conversationIdOf(userId, partnerId) }),
    blockRelation(db, userId, partnerId),
    areFriends(db, userId, partnerId),
  ]);
  return {
    partner: toSocialUser(partner),
    conversation: list[0] ?? null,
    blockedByMe: relation.blockedByMe,
    isFriend,
  };
}

import type {
  ConversationDetail,
  ConversationList,
  ConversationListQuery,
  ConversationSummary,
} from "@heartline/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/create-database";
import { preparedPerDatabase } from "../../db/prepared";
import { conversationIdOf, conversationState, conversations, directMessages, user } from "../../db/schema";
import {
  areFriends,
  blockRelation,
  findPersonById,
  SOCIAL_USER_COLUMNS,
  toSocialUser,
} from "../../social/index";
import { presenceOf } from "../../social/presence-of";
import type { UserRow } from "../accounts/index";
import { decodeConversationCursor, encodeConversationCursor } from "./conversation-cursor";
import type { DirectMessagesDeps } from "./direct-messages-deps";

/** All of one user's state rows, for the unread total beside a page (`sql` names an alias alone). */
const allStates = alias(conversationState, "all_states");

/** The user the statements read for. */
const me = sql.placeholder("userId");

/** Unread over every conversation of the user's that is not hidden, not only a page's. */
const unreadTotal = sql<number>`(select coalesce(sum(${allStates.unreadCount}), 0)::int from ${conversationState} ${allStates}
    where ${allStates.userId} = ${me} and not ${allStates.hidden})`;

/** A list's first page, a page after a cursor (the previous page's last position), or one conversation. */
type SummaryShape = "first" | "after" | "one";

/**
 * One statement per shape, prepared once per database: the user's state rows (a keyset page in
 * `conversation_state_list_idx` order, or one conversation), the other person and the last message,
 * and for a page the unread total.
 */
const preparedSummaries = preparedPerDatabase((db) => {
  const summaries = (shape: SummaryShape) =>
    db
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
        totalUnread: shape === "one" ? sql<null>`null` : unreadTotal,
      })
      .from(conversationState)
      .innerJoin(conversations, eq(conversations.id, conversationState.conversationId))
      // The other person: one primary-key lookup per row (an OR of both sides reads both users).
      .innerJoin(
        user,
        eq(
          user.id,
          sql`case when ${conversations.userA} = ${me} then ${conversations.userB} else ${conversations.userA} end`,
        ),
      )
      .leftJoin(
        directMessages,
        and(
          eq(directMessages.conversationId, conversations.id),
          eq(directMessages.seq, conversations.lastSeq),
        ),
      )
      .where(
        and(
          eq(conversationState.userId, me),
          shape === "after"
            ? sql`(${conversationState.lastMessageAt}, ${conversationState.conversationId}) < (${sql.placeholder("beforeAt")}::timestamptz, ${sql.placeholder("beforeId")})`
            : shape === "one"
              ? eq(conversationState.conversationId, sql.placeholder("conversationId"))
              : undefined,
        ),
      )
      .orderBy(desc(conversationState.lastMessageAt), desc(conversationState.conversationId))
      .limit(sql.placeholder("limit"))
      .prepare(`conversation_summaries_${shape}`);
  return {
    first: summaries("first"),
    after: summaries("after"),
    one: summaries("one"),
    unreadTotal: db
      .select({ total: unreadTotal })
      .from(sql`(select 1) as one`)
      .prepare("conversation_unread_total"),
  };
});

type SummaryRow = Awaited<ReturnType<ReturnType<typeof preparedSummaries>["first"]["execute"]>>[number];

function toSummary({ state, conversationId: id, partner, last }: SummaryRow): ConversationSummary {
  return {
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
  };
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
  const statements = preparedSummaries(db);
  const limit = query.limit + 1;
  const rows = cursor
    ? await statements.after.execute({
        userId,
        beforeAt: new Date(cursor.lastMessageAtMs).toISOString(),
        beforeId: cursor.conversationId,
        limit,
      })
    : await statements.first.execute({ userId, limit });
  const page = rows.slice(0, query.limit).map(toSummary);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeConversationCursor({ lastMessageAtMs: last.updatedAt, conversationId: last.conversationId })
      : null;
  return {
    conversations: page,
    // No row on this page (past the end): the total still counts, read on its own.
    totalUnread: rows[0]?.totalUnread ?? (cursor ? await readUnreadTotal(db, userId) : 0),
    nextCursor,
  };
}

async function readUnreadTotal(db: Database, userId: string): Promise<number> {
  const [row] = await preparedSummaries(db).unreadTotal.execute({ userId });
  return row?.total ?? 0;
}

/**
 * `GET /api/conversations/:partnerId`: the partner (spec §5: a deleted or unknown one is refused with
 * its text), the conversation if any, and how the two stand (blocked by me, friends).
 */
export async function conversationDetail(
  { db, io, log }: Pick<DirectMessagesDeps, "db" | "io" | "log">,
  userId: string,
  partnerId: string,
): Promise<ConversationDetail> {
  const partner: UserRow = await findPersonById(db, partnerId);
  const [rows, relation, isFriend, presence] = await Promise.all([
    preparedSummaries(db).one.execute({
      userId,
      conversationId: conversationIdOf(userId, partnerId),
      limit: 1,
    }),
    blockRelation(db, userId, partnerId),
    areFriends(db, userId, partnerId),
    presenceOf(io, log, [partnerId]),
  ]);
  // Issue #38: a DM partner may watch the other's presence (and hears its pushes), unless blocked.
  const isBlocked = relation.blockedByMe || relation.blockedMe;
  return {
    partner: toSocialUser(partner),
    conversation: rows[0] ? toSummary(rows[0]) : null,
    blockedByMe: relation.blockedByMe,
    isFriend,
    partnerStatus: isBlocked ? null : (presence.get(partnerId) ?? "offline"),
  };
}

import {
  CONVERSATION_LIST_LIMIT,
  type ConversationDetail,
  type ConversationList,
  type ConversationSummary,
} from "@heartline/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { conversationIdOf, conversationState, conversations, directMessages, user } from "../../db/schema";
import type { UserRow } from "../accounts/index";
import { blockRelation } from "../blocks/index";
import { areFriends } from "../friends/index";
import { findPersonById, SOCIAL_USER_COLUMNS, toSocialUser } from "../profiles/index";

/** One query: this user's state rows, their conversations, the other person and the last message. */
async function summaries(
  db: Database,
  userId: string,
  conversationId?: string,
): Promise<ConversationSummary[]> {
  // Only the columns the summary shows: a full list is 200 rows (bench B5).
  const rows = await db
    .select({
      state: {
        unreadCount: conversationState.unreadCount,
        hidden: conversationState.hidden,
        lastReadSeq: conversationState.lastReadSeq,
      },
      conversation: { id: conversations.id, updatedAt: conversations.updatedAt },
      partner: SOCIAL_USER_COLUMNS,
      last: {
        id: directMessages.id,
        content: directMessages.content,
        type: directMessages.type,
        senderId: directMessages.senderId,
        createdAt: directMessages.createdAt,
        seq: directMessages.seq,
      },
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
      conversationId === undefined
        ? eq(conversationState.userId, userId)
        : and(eq(conversationState.userId, userId), eq(conversationState.conversationId, conversationId)),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows.map(({ state, conversation, partner, last }) => ({
    conversationId: conversation.id,
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
    updatedAt: conversation.updatedAt.getTime(),
  }));
}

/** `GET /api/conversations`: newest first, hidden ones included (flagged); unread summed over the rest. */
export async function listConversations(db: Database, userId: string): Promise<ConversationList> {
  const list = await summaries(db, userId);
  const totalUnread = list.reduce((sum, item) => sum + (item.hidden ? 0 : item.unreadCount), 0);
  return { conversations: list, totalUnread };
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
  const [[conversation], relation, isFriend] = await Promise.all([
    summaries(db, userId, conversationIdOf(userId, partnerId)),
    blockRelation(db, userId, partnerId),
    areFriends(db, userId, partnerId),
  ]);
  return {
    partner: toSocialUser(partner),
    conversation: conversation ?? null,
    blockedByMe: relation.blockedByMe,
    isFriend,
  };
}

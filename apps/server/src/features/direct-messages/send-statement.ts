import {
  type ConversationStatePayload,
  type DirectMessageType,
  DM_DUPLICATE_WINDOW_MS,
} from "@heartline/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { executePrepared } from "../../db/prepared";
import { conversationState, conversations, directMessages } from "../../db/schema";
import type { StreakChange, StreakReturning, StreakStatement } from "../streaks/index";
import type { DirectMessageRow } from "./dm-rows";

/** A checked message, ready to store. */
export interface OutgoingMessage {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  type: DirectMessageType;
  replyToId: string | null;
  at: Date;
}

/** What storing one message did: its row, the receiver's new state, and the pair's streak. */
export interface WrittenMessage {
  row: DirectMessageRow;
  receiverState: ConversationStatePayload;
  streak: StreakChange | null;
}

type WrittenRow = Record<string, unknown> & StreakReturning;

/**
 * Stores messages in ONE statement (bench B5: one round trip however many messages): for each, the
 * next seq taken by the conversation upsert (which holds that row's lock until commit, race-free on
 * any node), the message, both people's state rows, and the streak (issue #12). At most one message
 * per conversation: a row is updated once per statement. A plain INSERT of each message: an id stored
 * meanwhile by a concurrent retry fails the whole statement (a unique violation), so no seq is spent.
 *
 * spec §5: a message whose sender sent the same content in this conversation within the last 5 s is
 * not stored (ADR 0015). The upsert decides it on the conversation row's `recent_sends`, read under
 * the row's lock as the latest committed version, so of two such sends on any nodes the second sees
 * the first: its conversation is not updated, and nothing of it is written (no seq spent).
 *
 * The state rows: the sender's — writing shows the conversation again in their list; the receiver's —
 * one more unread, and (spec §4) a new message from a hidden partner unhides it, stamping `unhidden_at`
 * with this message's time, which is how we know it happened.
 *
 * Returns what each stored message did, by id: a message missing from it was dropped as a duplicate.
 */
export async function writeMessages(
  db: Database,
  streaks: StreakStatement | undefined,
  messages: OutgoingMessage[],
): Promise<Map<string, WrittenMessage>> {
  const statement = sendStatement(streaks, messages);
  const rows = await executePrepared<WrittenRow>(db, streaks ? "dm_send_streak" : "dm_send", statement);
  const byId = new Map(messages.map((message) => [message.id, message]));
  const written = new Map<string, WrittenMessage>();
  for (const row of rows) {
    const message = byId.get(row.id as string);
    if (message) written.set(message.id, toWritten(streaks, message, row));
  }
  return written;
}

/**
 * The messages in conversation order, and every row of a conversation written only after that
 * conversation's row is locked (`locked` reads the upsert): two statements (two nodes) that share
 * conversations take their locks in one order, so they wait for each other but never deadlock.
 */
function sendStatement(streaks: StreakStatement | undefined, messages: OutgoingMessage[]): SQL {
  const ordered = [...messages].sort((one, two) => (one.conversationId < two.conversationId ? -1 : 1));
  const column = <T>(value: (message: OutgoingMessage) => T, type: string) =>
    sql`${sql.param(ordered.map(value))}::${sql.raw(type)}[]`;
  const pair = (message: OutgoingMessage) =>
    message.senderId < message.receiverId
      ? [message.senderId, message.receiverId]
      : [message.receiverId, message.senderId];
  // One array per column, so the text is the same for any number of messages (a prepared statement).
  const input = sql.join(
    [
      column((message) => message.id, "uuid"),
      column((message) => message.conversationId, "text"),
      column((message) => message.senderId, "text"),
      column((message) => message.receiverId, "text"),
      column((message) => pair(message)[0], "text"),
      column((message) => pair(message)[1], "text"),
      column((message) => message.content, "text"),
      column((message) => message.type, "text"),
      column((message) => message.replyToId, "uuid"),
      column((message) => message.at.toISOString(), "timestamptz"),
      column((message) => streaks?.dayOf(message.at.getTime()) ?? null, "text"),
    ],
    sql`, `,
  );
  // `recent_entry`: this message's entry of `recent_sends`; `kept`: the entries still inside the window.
  const window = sql.raw(String(DM_DUPLICATE_WINDOW_MS));
  return sql`
    with input as (
      select *, jsonb_build_object(md5(sender_id || ':' || content), (extract(epoch from at) * 1000)::bigint) as recent_entry
      from unnest(${input})
        as i(id, conversation_id, sender_id, receiver_id, user_a, user_b, content, type, reply_to_id, at, today)),
    conversation as (
      insert into ${conversations} (id, user_a, user_b, last_seq, recent_sends, created_at, updated_at)
      select conversation_id, user_a, user_b, 1, recent_entry, at, at from input
      on conflict (id) do update set
        last_seq = ${conversations.lastSeq} + 1,
        updated_at = excluded.updated_at,
        recent_sends = (
          select coalesce(jsonb_object_agg(kept.key, kept.value), '{}'::jsonb) || excluded.recent_sends
          from jsonb_each(${conversations.recentSends}) kept, jsonb_each(excluded.recent_sends) sent
          where kept.value::bigint > sent.value::bigint - ${window})
      where not exists (
        select from jsonb_each(excluded.recent_sends) sent
        where (${conversations.recentSends} -> sent.key)::bigint > sent.value::bigint - ${window})
      returning id, last_seq),
    locked as (select i.*, c.last_seq from input i join conversation c on c.id = i.conversation_id),
    message as (
      insert into ${directMessages} (id, conversation_id, sender_id, receiver_id, content, type, reply_to_id, created_at, seq)
      select id, conversation_id, sender_id, receiver_id, content, type, reply_to_id, at, last_seq from locked
      returning *),
    states as (
      insert into ${conversationState} (user_id, conversation_id, unread_count, last_message_at)
      select sender_id, conversation_id, 0, at from locked
      union all select receiver_id, conversation_id, 1, at from locked
      on conflict (user_id, conversation_id) do update set
        unread_count = ${conversationState.unreadCount} + excluded.unread_count,
        last_message_at = excluded.last_message_at,
        hidden = false,
        unhidden_at = case when excluded.unread_count > 0 and ${conversationState.hidden}
          then excluded.last_message_at else ${conversationState.unhiddenAt} end
      returning user_id, conversation_id, unread_count, last_read_seq, unhidden_at)
    ${streaks ? sql`, streak as (${streaks.upsert(sql`locked`)})` : sql``}
    select message.*, states.unread_count as state_unread_count, states.last_read_seq as state_last_read_seq,
      states.unhidden_at as state_unhidden_at ${streaks ? sql`, streak.*` : sql``}
    from message join states
      on states.conversation_id = message.conversation_id and states.user_id = message.receiver_id
    ${
      streaks
        ? sql`left join streak on streak.streak_user_a = least(message.sender_id, message.receiver_id)
            and streak.streak_user_b = greatest(message.sender_id, message.receiver_id)`
        : sql``
    }`;
}

function toWritten(
  streaks: StreakStatement | undefined,
  message: OutgoingMessage,
  written: WrittenRow,
): WrittenMessage {
  const unhiddenAt = written.state_unhidden_at ? new Date(written.state_unhidden_at as string | Date) : null;
  const receiverState: ConversationStatePayload = {
    partnerId: message.senderId,
    conversationId: message.conversationId,
    hidden: false,
    unreadCount: Number(written.state_unread_count),
    lastReadSeq: Number(written.state_last_read_seq),
    ...(unhiddenAt?.getTime() === message.at.getTime() ? { unhiddenByMessage: true } : {}),
  };
  const streakMessage = {
    senderId: message.senderId,
    receiverId: message.receiverId,
    at: message.at.getTime(),
  };
  return {
    row: toMessageRow(written),
    receiverState,
    streak: streaks?.changeOf(written, streakMessage) ?? null,
  };
}

/** The statement's message columns (snake_case, as PostgreSQL names them) as drizzle's row. */
function toMessageRow(row: WrittenRow): DirectMessageRow {
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    senderId: row.sender_id as string,
    receiverId: row.receiver_id as string,
    content: row.content as string,
    type: row.type as DirectMessageRow["type"],
    status: row.status as DirectMessageRow["status"],
    replyToId: (row.reply_to_id as string | null) ?? null,
    createdAt: new Date(row.created_at as string | Date),
    seq: Number(row.seq),
    sensitive: Boolean(row.sensitive),
  };
}

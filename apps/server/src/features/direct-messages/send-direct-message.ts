import {
  type ConversationStatePayload,
  type DirectMessage,
  DM_DUPLICATE_WINDOW_MS,
  DM_ERROR_MESSAGES,
  MESSAGING_MESSAGES,
  type SendDirectMessageInput,
  sendDirectMessageSchema,
} from "@heartline/shared";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { rowsOf } from "../../db/rows";
import { conversationIdOf, conversationState, conversations, directMessages, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import type { UserRow } from "../accounts/index";
import { blockRelation } from "../blocks/index";
import { claimChatUpload } from "../group-chat/index";
import { findPersonById } from "../profiles/index";
import type { StreakReturning } from "../streaks/index";
import type { DirectMessagesDeps } from "./direct-messages-deps";
import { isGuestAccount, isRegisteredVerified } from "./dm-access";
import { type DirectMessageRow, toDirectMessage } from "./dm-rows";

export interface SentDirectMessage {
  message: DirectMessage;
  /** False for a retry of an id this sender already stored: acked again, not pushed again. */
  isNew: boolean;
}

export interface SendDirectMessageOptions {
  deps: DirectMessagesDeps;
  socket: HeartlineSocket;
  /** Unparsed: whatever the client sent. */
  payload: unknown;
}

/** Thrown inside the transaction when a concurrent retry stored the same id first (rolls back the seq). */
class IdTakenMeanwhile extends Error {}

/**
 * `direct_message` (ARCHITECTURE §5, §7; spec §5 "Messages"): parsed, checked (registered sender and
 * receiver, blocks either way, an id already stored, the same content within 5 s), stored in one
 * transaction with its seq, the conversation and both users' state rows, and only then acknowledged
 * and pushed to every tab of both users on every node. Nothing refused is stored.
 */
export async function sendDirectMessage({
  deps,
  socket,
  payload,
}: SendDirectMessageOptions): Promise<SentDirectMessage> {
  const input = sendDirectMessageSchema.parse(payload);
  const senderId = socket.data.isVisitor ? null : socket.data.userId;
  if (!senderId) throw new AppError("forbidden", DM_ERROR_MESSAGES.registeredOnly);
  if (input.receiverId === senderId) throw new AppError("bad_request", DM_ERROR_MESSAGES.cannotMessageSelf);
  const { db } = deps;
  const conversationId = conversationIdOf(senderId, input.receiverId);
  // One batch of independent reads before the transaction.
  const [people, [stored], relation, [duplicate], reply] = await Promise.all([
    db
      .select()
      .from(user)
      .where(inArray(user.id, [senderId, input.receiverId])),
    db.select().from(directMessages).where(eq(directMessages.id, input.id)),
    blockRelation(db, senderId, input.receiverId),
    sameContentJustNow(deps, { conversationId, senderId, content: input.content }),
    input.replyToId ? quotedOriginal(deps, conversationId, input.replyToId) : null,
  ]);
  const sender = people.find((row) => row.id === senderId);
  if (!sender || !isRegisteredVerified(sender)) {
    throw new AppError("forbidden", DM_ERROR_MESSAGES.registeredOnly);
  }
  if (stored) return answerRetry(deps, stored, senderId);
  const receiver = await requireReceiver(deps, people, input.receiverId);
  if (relation.blockedByMe) throw new AppError("forbidden", DM_ERROR_MESSAGES.youBlocked);
  if (relation.blockedMe) throw new AppError("forbidden", DM_ERROR_MESSAGES.blockedByReceiver);
  if (duplicate) throw new AppError("conflict", DM_ERROR_MESSAGES.duplicate);
  if (input.replyToId && !reply) throw new AppError("bad_request", DM_ERROR_MESSAGES.replyNotFound);

  const content =
    input.type === "text"
      ? await deps.automod.screen({
          surface: "dm",
          authorId: senderId,
          messageId: input.id,
          text: input.content,
        })
      : input.content;
  let committed: Awaited<ReturnType<typeof store>>;
  try {
    committed = await store(deps, { input: { ...input, content }, senderId, receiver, conversationId });
  } catch (error) {
    if (error instanceof IdTakenMeanwhile) {
      const [row] = await db.select().from(directMessages).where(eq(directMessages.id, input.id));
      if (row) return answerRetry(deps, row, senderId);
    }
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, senderId }, "direct message not stored");
    throw new AppError("internal", MESSAGING_MESSAGES.saveFailed);
  }

  const message = toDirectMessage(committed.row, reply);
  if (committed.blurredScore !== undefined) {
    await deps.automod.flagBlurredImage({
      authorId: senderId,
      messageId: message.id,
      url: message.content,
      score: committed.blurredScore,
    });
  }
  // Every other tab of the sender and every tab of the receiver, on every node (the sender's own
  // socket has the ack).
  deps.io
    .to([userRoom(senderId), userRoom(receiver.id)])
    .except(socket.id)
    .emit("direct_message", message);
  deps.io.to(userRoom(receiver.id)).emit("conversation_state", committed.receiverState);
  if (committed.streak) deps.streaks?.push(committed.streak);
  return { message, isNew: true };
}

/**
 * How far back the duplicate check looks: far more messages than two people send in its 5 s (a tab may
 * send 30 at once and then 3 a second; a user 180 a minute), so the read stays bounded however long
 * the conversation is (the seq index, walked backwards) instead of filtering its whole history.
 */
const DUPLICATE_LOOKBACK = 400;

/** spec §5: the same content from the same sender in this conversation within the last 5 s. */
function sameContentJustNow(
  deps: DirectMessagesDeps,
  { conversationId, senderId, content }: { conversationId: string; senderId: string; content: string },
) {
  const recent = deps.db
    .select({
      id: directMessages.id,
      senderId: directMessages.senderId,
      content: directMessages.content,
      createdAt: directMessages.createdAt,
    })
    .from(directMessages)
    .where(eq(directMessages.conversationId, conversationId))
    .orderBy(desc(directMessages.seq))
    .limit(DUPLICATE_LOOKBACK)
    .as("recent");
  return deps.db
    .select({ id: recent.id })
    .from(recent)
    .where(
      and(
        eq(recent.senderId, senderId),
        eq(recent.content, content),
        gt(recent.createdAt, new Date(deps.clock() - DM_DUPLICATE_WINDOW_MS)),
      ),
    )
    .limit(1);
}

/** The receiver exists, is not deleted (spec §5 texts) and has an account that can receive (not a guest). */
async function requireReceiver(deps: DirectMessagesDeps, people: UserRow[], receiverId: string) {
  const receiver = people.find((row) => row.id === receiverId);
  if (!receiver || receiver.isDeleted) return findPersonById(deps.db, receiverId);
  if (isGuestAccount(receiver)) throw new AppError("forbidden", DM_ERROR_MESSAGES.guestPartner);
  return receiver;
}

/** An id is one sender's idempotency key: their retry gets the stored row, anyone else a conflict. */
async function answerRetry(
  deps: DirectMessagesDeps,
  row: DirectMessageRow,
  senderId: string,
): Promise<SentDirectMessage> {
  if (row.senderId !== senderId) throw new AppError("conflict", DM_ERROR_MESSAGES.idConflict);
  const reply = row.replyToId ? await quotedOriginal(deps, row.conversationId, row.replyToId) : null;
  return { message: toDirectMessage(row, reply), isNew: false };
}

/** A reply quotes the original as stored, and only one from the same conversation. */
async function quotedOriginal(deps: DirectMessagesDeps, conversationId: string, id: string) {
  const [original] = await deps.db
    .select()
    .from(directMessages)
    .where(and(eq(directMessages.id, id), eq(directMessages.conversationId, conversationId)));
  return original ?? null;
}

interface StoreInput {
  input: SendDirectMessageInput;
  senderId: string;
  receiver: UserRow;
  conversationId: string;
}

/**
 * Stores a message: one statement for a text (atomic on its own), a transaction for an image, which
 * also claims its upload (and is shown blurred when AutoMod judged it explicit, issue #15).
 */
async function store(deps: DirectMessagesDeps, options: StoreInput) {
  const now = new Date(deps.clock());
  if (options.input.type === "text") return writeMessage(deps, deps.db, options, now);
  return deps.db.transaction(async (tx) => {
    const written = await writeMessage(deps, tx, options, now);
    const { row } = written;
    const upload = await claimChatUpload({
      db: tx,
      senderId: options.senderId,
      messageId: row.id,
      url: options.input.content,
      kind: "dm",
    });
    const blurred = upload?.decision === "blurred";
    if (blurred) {
      await tx.update(directMessages).set({ sensitive: true }).where(eq(directMessages.id, row.id));
      row.sensitive = true;
    }
    return { ...written, blurredScore: blurred ? (upload?.score ?? null) : undefined };
  });
}

type WrittenRow = Record<string, unknown> & StreakReturning;

/**
 * The send in ONE statement (bench B5: one round trip, not seven): the next seq taken by the
 * conversation upsert (which holds that row's lock until commit, race-free on any node), the message,
 * both people's state rows, and the streak (issue #12). A plain INSERT of the message: an id stored
 * meanwhile by a concurrent retry fails the whole statement (a unique violation), so no seq is spent.
 *
 * The state rows: the sender's — writing shows the conversation again in their list; the receiver's —
 * one more unread, and (spec §4) a new message from a hidden partner unhides it, stamping `unhidden_at`
 * with this message's time, which is how we know it happened.
 */
async function writeMessage(
  deps: DirectMessagesDeps,
  db: Database,
  { input, senderId, receiver, conversationId }: StoreInput,
  now: Date,
) {
  const [userA, userB] = [senderId, receiver.id].sort() as [string, string];
  const at = now.toISOString();
  const streakMessage = { senderId, receiverId: receiver.id, at: now.getTime() };
  const streak = deps.streaks?.upsert(streakMessage);
  let result: unknown;
  try {
    result = await db.execute<WrittenRow>(sql`
      with conversation as (
        insert into ${conversations} (id, user_a, user_b, last_seq, created_at, updated_at)
        values (${conversationId}, ${userA}, ${userB}, 1, ${at}::timestamptz, ${at}::timestamptz)
        on conflict (id) do update set last_seq = ${conversations.lastSeq} + 1, updated_at = excluded.updated_at
        returning last_seq),
      message as (
        insert into ${directMessages} (id, conversation_id, sender_id, receiver_id, content, type, reply_to_id, created_at, seq)
        select ${input.id}::uuid, ${conversationId}, ${senderId}, ${receiver.id}, ${input.content}, ${input.type},
          ${input.replyToId ?? null}::uuid, ${at}::timestamptz, last_seq
        from conversation
        returning *),
      states as (
        insert into ${conversationState} (user_id, conversation_id, unread_count, last_message_at)
        values (${senderId}, ${conversationId}, 0, ${at}::timestamptz),
          (${receiver.id}, ${conversationId}, 1, ${at}::timestamptz)
        on conflict (user_id, conversation_id) do update set
          unread_count = ${conversationState.unreadCount} + excluded.unread_count,
          last_message_at = excluded.last_message_at,
          hidden = false,
          unhidden_at = case when excluded.unread_count > 0 and ${conversationState.hidden}
            then ${at}::timestamptz else ${conversationState.unhiddenAt} end
        returning user_id, unread_count, last_read_seq, unhidden_at)
      ${streak ? sql`, streak as (${streak})` : sql``}
      select message.*, states.unread_count as state_unread_count, states.last_read_seq as state_last_read_seq,
        states.unhidden_at as state_unhidden_at ${streak ? sql`, streak.*` : sql``}
      from message join states on states.user_id = ${receiver.id}
      ${streak ? sql`left join streak on true` : sql``}`);
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdTakenMeanwhile();
    throw error;
  }
  const [written] = rowsOf<WrittenRow>(result);
  if (!written) throw new Error("the send statement returned nothing");
  const unhiddenAt = written.state_unhidden_at ? new Date(written.state_unhidden_at as string | Date) : null;
  const receiverState: ConversationStatePayload = {
    partnerId: senderId,
    conversationId,
    hidden: false,
    unreadCount: Number(written.state_unread_count),
    lastReadSeq: Number(written.state_last_read_seq),
    ...(unhiddenAt?.getTime() === now.getTime() ? { unhiddenByMessage: true } : {}),
  };
  const streakChange = deps.streaks?.changeOf(written, streakMessage) ?? null;
  return {
    row: toMessageRow(written),
    receiverState,
    streak: streakChange,
    blurredScore: undefined as number | null | undefined,
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

import {
  type ConversationStatePayload,
  type DirectMessage,
  DM_DUPLICATE_WINDOW_MS,
  DM_ERROR_MESSAGES,
  MESSAGING_MESSAGES,
  type SendDirectMessageInput,
  sendDirectMessageSchema,
} from "@heartline/shared";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { conversationIdOf, conversationState, conversations, directMessages, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import type { UserRow } from "../accounts/index";
import { blockRelation } from "../blocks/index";
import { claimChatUpload } from "../group-chat/index";
import { findPersonById } from "../profiles/index";
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
    db
      .select({ id: directMessages.id })
      .from(directMessages)
      .where(
        and(
          eq(directMessages.conversationId, conversationId),
          eq(directMessages.senderId, senderId),
          eq(directMessages.content, input.content),
          gt(directMessages.createdAt, new Date(deps.clock() - DM_DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1),
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

/** The one transaction: seq, message, conversation, both state rows (and an image's upload claim). */
async function store(deps: DirectMessagesDeps, { input, senderId, receiver, conversationId }: StoreInput) {
  const now = new Date(deps.clock());
  return deps.db.transaction(async (tx) => {
    const [userA, userB] = [senderId, receiver.id].sort() as [string, string];
    // Allocates the next seq and holds the conversation row's lock until commit (race-free on any node).
    const [conversation] = await tx
      .insert(conversations)
      .values({ id: conversationId, userA, userB, lastSeq: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: conversations.id,
        set: { lastSeq: sql`${conversations.lastSeq} + 1`, updatedAt: now },
      })
      .returning({ lastSeq: conversations.lastSeq });
    if (!conversation) throw new Error("conversation upsert returned nothing");
    const [row] = await tx
      .insert(directMessages)
      .values({
        id: input.id,
        conversationId,
        senderId,
        receiverId: receiver.id,
        content: input.content,
        type: input.type,
        replyToId: input.replyToId ?? null,
        createdAt: now,
        seq: conversation.lastSeq,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new IdTakenMeanwhile();
    // Issue #15: an image AutoMod judged explicit at upload makes the message sensitive (shown blurred).
    const upload =
      input.type === "text"
        ? null
        : await claimChatUpload({ db: tx, senderId, messageId: row.id, url: input.content, kind: "dm" });
    const blurred = upload?.decision === "blurred";
    if (blurred) {
      await tx.update(directMessages).set({ sensitive: true }).where(eq(directMessages.id, row.id));
      row.sensitive = true;
    }
    // Both people's state rows in one statement. The sender's: writing shows the conversation again in
    // their list. The receiver's: one more unread, and (spec §4) a new message from a hidden partner
    // unhides it, stamping `unhidden_at` with this message's time — which is how we know it happened.
    const isReceiver = sql`excluded.${sql.identifier("unread_count")} > 0`;
    const states = await tx
      .insert(conversationState)
      .values([
        { userId: senderId, conversationId, unreadCount: 0 },
        { userId: receiver.id, conversationId, unreadCount: 1 },
      ])
      .onConflictDoUpdate({
        target: [conversationState.userId, conversationState.conversationId],
        set: {
          unreadCount: sql`${conversationState.unreadCount} + excluded.${sql.identifier("unread_count")}`,
          hidden: false,
          unhiddenAt: sql`case when ${isReceiver} and ${conversationState.hidden} then ${now.toISOString()}::timestamptz else ${conversationState.unhiddenAt} end`,
        },
      })
      .returning();
    const state = states.find((candidate) => candidate.userId === receiver.id);
    if (!state) throw new Error("conversation state upsert returned nothing");
    const wasHidden = state.unhiddenAt?.getTime() === now.getTime();
    const receiverState: ConversationStatePayload = {
      partnerId: senderId,
      conversationId,
      hidden: false,
      unreadCount: state.unreadCount,
      lastReadSeq: state.lastReadSeq,
      ...(wasHidden ? { unhiddenByMessage: true } : {}),
    };
    // The streak (issue #12) commits or rolls back with the message.
    const streak =
      (await deps.streaks?.apply(tx, { senderId, receiverId: receiver.id, at: now.getTime() })) ?? null;
    return { row, receiverState, streak, blurredScore: blurred ? (upload?.score ?? null) : undefined };
  });
}

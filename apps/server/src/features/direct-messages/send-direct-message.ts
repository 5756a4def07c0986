import {
  type DirectMessage,
  DM_ERROR_MESSAGES,
  MESSAGING_MESSAGES,
  type SendDirectMessageInput,
  sendDirectMessageSchema,
} from "@heartline/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { conversationIdOf, directMessages, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { userRoom } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import { blockRelation, findPersonById } from "../../social/index";
import type { UserRow } from "../accounts/index";
import { claimChatUpload } from "../group-chat/index";
import type { DirectMessagesDeps } from "./direct-messages-deps";
import { isGuestAccount, isRegisteredVerified } from "./dm-access";
import { type DirectMessageRow, toDirectMessage } from "./dm-rows";
import { type OutgoingMessage, writeMessages } from "./send-statement";
import { sameContentJustNow, storedOnceWritten, storedRow } from "./stored-messages";

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
    sameContentJustNow(db, { conversationId, senderId, content: input.content, now: deps.clock() }),
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
  // The early answer for a text stored before this send began (no AutoMod pass, no write); the send
  // statement decides for sends at the same instant.
  if (duplicate) return storedOr(deps, await storedRow(db, input.id), senderId, duplicateDropped());
  if (input.replyToId && !reply) throw new AppError("bad_request", DM_ERROR_MESSAGES.replyNotFound);

  let content = input.content;
  if (input.type === "text") {
    try {
      content = await deps.automod.screen({
        surface: "dm",
        authorId: senderId,
        messageId: input.id,
        text: content,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A retry racing its original is screened again, one near-duplicate more, and may be refused
      // where the original passed: once the original's statement has committed, its row is the answer.
      return storedOr(deps, await storedOnceWritten(db, conversationId, input.id), senderId, error);
    }
  }
  let committed: Awaited<ReturnType<typeof store>>;
  try {
    committed = await store(deps, { input: { ...input, content }, senderId, receiver, conversationId });
  } catch (error) {
    if (error instanceof IdTakenMeanwhile) {
      const row = await storedRow(db, input.id);
      if (row) return answerRetry(deps, row, senderId);
    }
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, senderId }, "direct message not stored");
    throw new AppError("internal", MESSAGING_MESSAGES.saveFailed);
  }
  if (!committed) return storedOr(deps, await storedRow(db, input.id), senderId, duplicateDropped());

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
  deps.notify?.({
    kind: "direct_message",
    recipientId: receiver.id,
    actorId: senderId,
    conversationId,
    preview: message.type === "text" ? message.content : null,
    wasHidden: committed.receiverState.unhiddenByMessage === true,
  });
  return { message, isNew: true };
}

/** The receiver exists, is not deleted (spec §5 texts) and has an account that can receive (not a guest). */
async function requireReceiver(deps: DirectMessagesDeps, people: UserRow[], receiverId: string) {
  const receiver = people.find((row) => row.id === receiverId);
  if (!receiver || receiver.isDeleted) return findPersonById(deps.db, receiverId);
  if (isGuestAccount(receiver)) throw new AppError("forbidden", DM_ERROR_MESSAGES.guestPartner);
  return receiver;
}

const duplicateDropped = () => new AppError("conflict", DM_ERROR_MESSAGES.duplicate);

/**
 * A send refused after it began (a duplicate of its own original racing it, or AutoMod counting it
 * once more): a repeated id is always answered with its stored row (ARCHITECTURE §5), so the refusal
 * stands only when the id is not stored.
 */
async function storedOr(
  deps: DirectMessagesDeps,
  row: DirectMessageRow | undefined,
  senderId: string,
  refusal: AppError,
): Promise<SentDirectMessage> {
  if (row) return answerRetry(deps, row, senderId);
  throw refusal;
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
 * Stores a message: a text through the node's writer (one send statement, with the texts of other
 * conversations sent meanwhile: ADR 0011), an image in a transaction of its own, which also claims its
 * upload (and is shown blurred when AutoMod judged it explicit, issue #15). A unique violation is an id
 * stored meanwhile by a concurrent retry; null is a message the statement dropped as a duplicate
 * (ADR 0015), which stores nothing and claims no upload.
 */
async function store(deps: DirectMessagesDeps, { input, senderId, receiver, conversationId }: StoreInput) {
  const message: OutgoingMessage = {
    id: input.id,
    conversationId,
    senderId,
    receiverId: receiver.id,
    content: input.content,
    type: input.type,
    replyToId: input.replyToId ?? null,
    at: new Date(deps.clock()),
  };
  try {
    if (input.type === "text") {
      const written = await deps.writer.store(message);
      return written && { ...written, blurredScore: undefined };
    }
    return await deps.db.transaction(async (tx) => {
      const written = (await writeMessages(tx, deps.streaks, [message])).get(message.id);
      if (!written) return null;
      const blurredScore = await claimUpload(tx, message);
      if (blurredScore !== undefined) written.row.sensitive = true;
      return { ...written, blurredScore };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdTakenMeanwhile();
    throw error;
  }
}

/**
 * An image's upload, claimed by its message, which is flagged sensitive when AutoMod judged the image
 * explicit: then its score (null when unknown); otherwise undefined.
 */
async function claimUpload(tx: Database, message: OutgoingMessage): Promise<number | null | undefined> {
  const upload = await claimChatUpload({
    db: tx,
    senderId: message.senderId,
    messageId: message.id,
    url: message.content,
    kind: "dm",
  });
  if (upload?.decision !== "blurred") return undefined;
  await tx.update(directMessages).set({ sensitive: true }).where(eq(directMessages.id, message.id));
  return upload.score ?? null;
}

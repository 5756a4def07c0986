import {
  CHAT_RATE_LIMITED,
  type ChatMessage,
  REPORT_SNAPSHOT_SIZE,
  type ReplyPreview,
  SERVER_MESSAGES,
  sendChatMessageSchema,
} from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { PAIR_ROOM_PREFIX, roomIdOfPairRoom } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import { toPairPartner } from "./local-socket";
import { pairAlias, toPartnerView } from "./pair-alias";
import type { RandomChatDeps } from "./random-chat-deps";

export interface SentRandomMessage {
  id: string;
  timestamp: number;
  roomId: string;
  /** False for a retry of an id already delivered. */
  isNew: boolean;
}

export interface SendRandomMessageOptions {
  deps: RandomChatDeps;
  socket: HeartlineSocket;
  /** Unparsed: whatever the client sent. */
  payload: unknown;
}

/**
 * `chat_message` in a random chat (ARCHITECTURE §5): validated, rate limited per sender, recorded
 * for report snapshots (real ids), then relayed to the partner only, under the sender's pair alias. A repeated id is acknowledged again with
 * its first timestamp and not delivered twice. Content stays text: nobody renders it as HTML.
 */
export async function sendRandomMessage({
  deps,
  socket,
  payload,
}: SendRandomMessageOptions): Promise<SentRandomMessage> {
  const input = sendChatMessageSchema.parse(payload);
  const room = currentPairRoom(socket);
  if (!room) throw new AppError("conflict", SERVER_MESSAGES.notInRandomChat);
  const roomId = roomIdOfPairRoom(room);
  let content: string;
  try {
    await consumeOrThrow(deps.messageLimiter, socket.data.userId, CHAT_RATE_LIMITED);
    content = await deps.automod.screen({
      surface: "random",
      authorId: socket.data.userId,
      messageId: input.id,
      text: input.content,
    });
  } catch (error) {
    // A retry of a relayed message is answered again whatever the limits say since (as in the group
    // room): its first ack, not a refusal of a message the partner has.
    const first = error instanceof AppError ? await deps.pairs.firstSeen(roomId, input.id) : null;
    if (first === null) throw error;
    return { id: input.id, timestamp: first, roomId, isNew: false };
  }
  const replyTo = input.replyTo ? await quotedOriginal(deps, roomId, input.replyTo.id) : undefined;
  const message: ChatMessage = {
    id: input.id,
    content,
    senderId: socket.data.userId,
    timestamp: deps.clock(),
    type: input.type,
    ...(replyTo ? { replyTo } : {}),
  };
  const added = await deps.pairs.addMessage(roomId, message, REPORT_SNAPSHOT_SIZE);
  if (!added) throw new AppError("conflict", SERVER_MESSAGES.notInRandomChat);
  if (added.isNew) {
    const alias = pairAlias({ secret: deps.aliasSecret, roomId, userId: message.senderId });
    toPairPartner(socket, room).emit("chat_message", toPartnerView(message, alias));
  }
  return { id: message.id, timestamp: added.timestamp, roomId, isNew: added.isNew };
}

/**
 * A reply quotes the original as the server recorded it, so nobody can put words in the partner's
 * mouth; a quote of a message the server no longer keeps is left out.
 */
async function quotedOriginal(
  deps: RandomChatDeps,
  roomId: string,
  id: string,
): Promise<ReplyPreview | undefined> {
  const original = (await deps.pairs.messages(roomId)).find((message) => message.id === id);
  if (!original) return undefined;
  const { content, senderId, timestamp, type } = original;
  return { id, content, senderId, timestamp, type };
}

/** The `pair:` room this socket chats in, if any (the adapter keeps it on the socket's node). */
export function currentPairRoom(socket: HeartlineSocket): string | undefined {
  for (const room of socket.rooms) if (room.startsWith(PAIR_ROOM_PREFIX)) return room;
  return undefined;
}

import {
  CHAT_RATE_LIMITED,
  GROUP_CHAT_MESSAGES,
  GROUP_ERROR_MESSAGES,
  type GroupMessage,
  mutedMessage,
  sendGroupMessageSchema,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { groupMessages } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { LIMIT_STORE_TIMEOUT_MS } from "../../lib/rate-limiter";
import { withTimeout } from "../../lib/with-timeout";
import { GROUP_ROOM } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import type { UserRow } from "../accounts/index";
import { muteInForce } from "../moderation/index";
import { forgetSender, isGuestRow, senderOf } from "./group-access";
import type { GroupChatDeps } from "./group-chat-deps";
import { type GroupMessageRow, toGroupMessage } from "./group-history";
import { claimGroupUpload } from "./group-uploads";

export interface SentGroupMessage {
  message: GroupMessage;
  /** False for a retry of an id already stored: it is acked again and not broadcast. */
  isNew: boolean;
}

/**
 * `group_message` (ARCHITECTURE §5, §7): parsed, checked against ban, mute and membership, rate limited,
 * stored, and only then acknowledged and sent to the room. Images and GIFs are for registered users
 * only (spec §1, §6) and must be our own uploads. A repeated id answers the stored row. Bans, mutes,
 * the limit and the sender's row come from memory (issue #16); the insert (batched per event-loop
 * turn, `group-message-writer.ts`) is the one wait before the broadcast.
 */
export interface SendGroupMessageOptions {
  deps: GroupChatDeps;
  socket: HeartlineSocket;
  /** Unparsed: whatever the client sent. */
  payload: unknown;
}

export async function sendGroupMessage({
  deps,
  socket,
  payload,
}: SendGroupMessageOptions): Promise<SentGroupMessage> {
  const input = sendGroupMessageSchema.parse(payload);
  const userId = socket.data.isVisitor ? null : socket.data.userId;
  if (!userId) throw new AppError("unauthorized", GROUP_ERROR_MESSAGES.signInRequired);
  const limitKey = userId;
  // From memory (the database on a miss only): the one await before the broadcast is the insert's,
  // since every await waits for an event loop that a broadcast to a full room keeps busy (bench B1).
  const [sender, standing] = await Promise.all([
    senderOf(deps, socket),
    deps.moderation.standingOf({ userId, deviceId: socket.data.deviceId }),
  ]);
  if (standing.isBanned) throw new AppError("forbidden", GROUP_CHAT_MESSAGES.banned);
  // After the ban check: a banned user taken out of the room is told they are banned.
  if (!socket.rooms.has(GROUP_ROOM)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.notInGroup);
  // A retry of a stored message is answered again whatever happened since (a mute, the limit).
  const refuse = async (error: AppError): Promise<SentGroupMessage> => {
    const stored = await storedMessage(deps, input.id);
    if (stored) return asRetry(stored, sender);
    throw error;
  };
  const recent = deps.writer.recentlyStored(input.id);
  if (recent) return asRetry(recent, sender);
  const mute = muteInForce(standing, deps.clock());
  if (mute) return refuse(new AppError("forbidden", mutedMessage(mute.reason, mute.expiresAt)));
  if (input.type !== "text") {
    if (isGuestRow(sender))
      return refuse(new AppError("forbidden", GROUP_ERROR_MESSAGES.imagesRegisteredOnly));
    // Images are rare: their retry is found before the upload is claimed (a claimed upload is no retry's).
    const stored = await storedMessage(deps, input.id);
    if (stored) return asRetry(stored, sender);
  }
  try {
    await deps.messageLimiter.consumeOrThrow(limitKey, CHAT_RATE_LIMITED);
  } catch (error) {
    if (error instanceof AppError) return refuse(error);
    throw error;
  }
  // An image is this sender's own upload, shown by no other message (and still there).
  if (input.type !== "text") {
    await claimGroupUpload({ db: deps.db, senderId: sender.id, messageId: input.id, url: input.content });
  }
  let content = input.content;
  if (input.type === "text") {
    try {
      // AutoMod counts in Redis: while Redis is down a send is answered (`internal`) within the bound.
      content = await withTimeout(
        deps.automod.screen({
          surface: "group",
          authorId: sender.id,
          messageId: input.id,
          text: input.content,
        }),
        LIMIT_STORE_TIMEOUT_MS,
        "AutoMod did not answer",
      );
    } catch (error) {
      if (error instanceof AppError) return refuse(error);
      throw error;
    }
  }
  const message = { id: input.id, content, type: input.type, replyToId: input.replyTo?.id };
  const createdAt = new Date(deps.clock());
  let author = sender;
  let inserted = await deps.writer.insert({ ...message, sender, createdAt });
  if (!inserted) {
    // Nothing stored: a retry of a stored id (it does not count against the limit), or a sender whose
    // row changed since this socket read it (read again: the refusal, or the message under the new name).
    const stored = await storedMessage(deps, input.id);
    if (stored) {
      deps.messageLimiter.reward(limitKey);
      return asRetry(stored, sender);
    }
    forgetSender(deps, socket);
    const fresh = await senderOf(deps, socket);
    author = fresh;
    inserted = await deps.writer.insert({ ...message, sender: fresh, createdAt });
    if (!inserted) return asRetry((await storedMessage(deps, input.id)) ?? conflict(), fresh);
  }
  const sent = toGroupMessage(inserted, author.gender);
  deps.io.to(GROUP_ROOM).except(socket.id).emit("group_message", sent);
  return { message: sent, isNew: true };
}

async function storedMessage(deps: GroupChatDeps, id: string): Promise<GroupMessageRow | undefined> {
  const [row] = await deps.db.select().from(groupMessages).where(eq(groupMessages.id, id));
  return row;
}

function conflict(): never {
  throw new AppError("conflict");
}

function asRetry(row: typeof groupMessages.$inferSelect, sender: UserRow): SentGroupMessage {
  // An id is one sender's: someone else's id is a conflict, not a way to read their message.
  if (row.senderId !== sender.id) throw new AppError("conflict");
  return { message: toGroupMessage(row, sender.gender), isNew: false };
}

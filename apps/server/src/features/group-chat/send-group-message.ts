import {
  CHAT_RATE_LIMITED,
  GROUP_ERROR_MESSAGES,
  type GroupMessage,
  type GroupReplyPreview,
  mutedMessage,
  sendGroupMessageSchema,
} from "@heartline/shared";
import { and, eq, isNull } from "drizzle-orm";
import { groupMessages } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { GROUP_ROOM } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import { publicName } from "../profiles/index";
import { isGuestRow, requireGroupMember } from "./group-access";
import type { GroupChatDeps } from "./group-chat-deps";
import { toGroupMessage } from "./group-history";
import { claimGroupUpload } from "./group-uploads";

export interface SentGroupMessage {
  message: GroupMessage;
  /** False for a retry of an id already stored: it is acked again and not broadcast. */
  isNew: boolean;
}

/**
 * `group_message` (ARCHITECTURE §5, §7): parsed, checked against ban, mute and membership, rate limited,
 * stored, and only then acknowledged and sent to the room. Images and GIFs are for registered users
 * only (spec §1, §6) and must be our own uploads. A repeated id answers the stored row.
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
  const limitKey = userId ?? socket.id;
  // One batch of independent reads (and the rate-limit point): every await before the insert waits for
  // the event loop, which a broadcast to a full room keeps busy for milliseconds (bench B1).
  const [sender, [stored], mute, replyTo, limitError] = await Promise.all([
    requireGroupMember({ deps, userId, deviceId: socket.data.deviceId }),
    deps.db.select().from(groupMessages).where(eq(groupMessages.id, input.id)),
    userId ? deps.moderation.muteOf(userId) : null,
    input.replyTo ? quotedOriginal(deps, input.replyTo.id) : undefined,
    consumeOrThrow(deps.messageLimiter, limitKey, CHAT_RATE_LIMITED).then(
      () => undefined,
      (error: unknown) => error,
    ),
  ]);
  // After the ban check: a banned user taken out of the room is told they are banned.
  if (!socket.rooms.has(GROUP_ROOM)) throw new AppError("forbidden", GROUP_ERROR_MESSAGES.notInGroup);
  if (stored) {
    // A retry of a stored message is answered again and does not count against the rate limit.
    if (!limitError) deps.messageLimiter.reward(limitKey, 1).catch(() => undefined);
    return asRetry(stored, sender.id);
  }
  if (mute) throw new AppError("forbidden", mutedMessage(mute.reason, mute.expiresAt));
  if (input.type !== "text" && isGuestRow(sender)) {
    throw new AppError("forbidden", GROUP_ERROR_MESSAGES.imagesRegisteredOnly);
  }
  if (limitError) throw limitError;
  // An image is this sender's own upload, shown by no other message (and still there).
  if (input.type !== "text") {
    await claimGroupUpload({ db: deps.db, senderId: sender.id, messageId: input.id, url: input.content });
  }

  const content =
    input.type === "text"
      ? await deps.automod.screen({
          surface: "group",
          authorId: sender.id,
          messageId: input.id,
          text: input.content,
        })
      : input.content;
  const [inserted] = await deps.db
    .insert(groupMessages)
    .values({
      id: input.id,
      senderId: sender.id,
      senderUsername: publicName(sender),
      senderProfileImage: sender.profileImage,
      content,
      type: input.type,
      replyTo: replyTo ?? null,
      createdAt: new Date(deps.clock()),
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // The same id was stored by a concurrent retry in the meantime.
    const [row] = await deps.db.select().from(groupMessages).where(eq(groupMessages.id, input.id));
    if (!row) throw new AppError("conflict");
    return asRetry(row, sender.id);
  }
  const message = toGroupMessage(inserted);
  deps.io.to(GROUP_ROOM).except(socket.id).emit("group_message", message);
  return { message, isNew: true };
}

function asRetry(row: typeof groupMessages.$inferSelect, senderId: string): SentGroupMessage {
  // An id is one sender's: someone else's id is a conflict, not a way to read their message.
  if (row.senderId !== senderId) throw new AppError("conflict");
  return { message: toGroupMessage(row), isNew: false };
}

/** A reply quotes the original as stored (nobody can put words in someone's mouth); a gone one is left out. */
async function quotedOriginal(deps: GroupChatDeps, id: string): Promise<GroupReplyPreview | undefined> {
  const [original] = await deps.db
    .select()
    .from(groupMessages)
    .where(and(eq(groupMessages.id, id), isNull(groupMessages.deletedAt)));
  if (!original) return undefined;
  return {
    id: original.id,
    content: original.content,
    senderId: original.senderId,
    senderUsername: original.senderUsername,
    timestamp: original.createdAt.getTime(),
    type: original.type,
  };
}

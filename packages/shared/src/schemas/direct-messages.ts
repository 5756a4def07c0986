import { z } from "zod";
import {
  CHAT_MESSAGE_EMPTY,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
} from "../domain/random-chat-limits";
import { userIdSchema } from "./account";
import { boundedString, boundedTrimmedString } from "./bounded-string";
import { GROUP_ERROR_MESSAGES, groupMessageIdSchema, UPLOADED_IMAGE_URL_PATTERN } from "./group-chat";

/**
 * Direct messages and conversations (spec §3 Direct message, Conversation; §4 Conversations, Blocking;
 * §5 "Starting a conversation…", "Messages: …"; ARCHITECTURE §5, §6). The spec's block system texts and
 * messaging toasts are `BLOCK_SYSTEM_MESSAGES` and `MESSAGING_MESSAGES` in errors.ts. The server parses every socket
 * payload and HTTP input with these; a bad one is answered `bad_request` and changes nothing.
 */

/** spec constants: "chat load 100". The first page of a thread and the largest page served. */
export const DM_HISTORY_PAGE_SIZE = 50;
export const DM_HISTORY_MAX_PAGE_SIZE = 100;
/** spec §5: the same content from the same sender to the same receiver within 5 s is a duplicate. */
export const DM_DUPLICATE_WINDOW_MS = 5_000;
/** spec §4 / constants: marking read is ignored within 3 s of an unhide. */
export const DM_READ_BLOCK_AFTER_UNHIDE_MS = 3_000;
/**
 * `GET /api/conversations` pages (ADR 0010, as Telegram reads its dialog list): the default and the
 * largest page, newest activity first.
 */
export const CONVERSATION_PAGE_SIZE = 50;
/** The opaque list cursor's cap (base64url of the last row's activity time and conversation id). */
export const CONVERSATION_CURSOR_MAX_LENGTH = 120;

export const DIRECT_MESSAGE_SEND_TYPES = ["text", "image", "gif"] as const;
export type DirectMessageSendType = (typeof DIRECT_MESSAGE_SEND_TYPES)[number];

/** Texts the server answers with for direct messages (the client shows them as they are). */
export const DM_ERROR_MESSAGES = {
  registeredOnly: "Only registered users with a verified e-mail can send direct messages.",
  cannotMessageSelf: "You cannot message yourself.",
  /** The receiver blocked the sender (the sender is not told more than this). */
  blockedByReceiver: "You can't send messages to this user.",
  /** The sender blocked the receiver: unblock first. */
  youBlocked: "You have blocked this user. Unblock them to send messages.",
  guestPartner: "Guests cannot receive direct messages.",
  /** Another sender already used this message id (ids are the sender's idempotency keys). */
  idConflict: "This message id is already taken. Please try again.",
  duplicate: "Duplicate message dropped.",
  replyNotFound: "The message you replied to does not exist in this conversation.",
  /** A `before` cursor of the conversation list that the server did not hand out. */
  invalidCursor: "Invalid page cursor.",
  imageNotYourUpload: GROUP_ERROR_MESSAGES.imageNotYourUpload,
} as const;

/**
 * `direct_message` (C→S, ARCHITECTURE §5): `id` is the client-chosen uuid, the idempotency key of the
 * send (a retry reuses it). Image/GIF content is the sender's own `/uploads/…` URL.
 */
export const sendDirectMessageSchema = z
  .object({
    id: groupMessageIdSchema,
    receiverId: userIdSchema,
    content: boundedTrimmedString(CHAT_MESSAGE_MAX_LENGTH, { tooLong: CHAT_MESSAGE_TOO_LONG }).min(
      1,
      CHAT_MESSAGE_EMPTY,
    ),
    type: z.enum(DIRECT_MESSAGE_SEND_TYPES).default("text"),
    /** Only the id counts: the server quotes its stored original from the same conversation. */
    replyToId: groupMessageIdSchema.optional(),
  })
  .refine((message) => message.type === "text" || UPLOADED_IMAGE_URL_PATTERN.test(message.content), {
    message: "Images must be uploaded first.",
    path: ["content"],
  });
export type SendDirectMessageInput = z.infer<typeof sendDirectMessageSchema>;

/** `direct_message_typing` (C→S). */
export const directMessageTypingSchema = z.object({ receiverId: userIdSchema, isTyping: z.boolean() });

/**
 * `direct_message_delivered` (C→S): the receiver's client got every message of the conversation with
 * this partner up to `upToSeq` (live or from history); the sender's ticks turn to delivered.
 */
export const directMessageDeliveredSchema = z.object({
  partnerId: userIdSchema,
  upToSeq: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** `/api/conversations/:partnerId/…` */
export const partnerIdParamSchema = z.object({ partnerId: userIdSchema });

/**
 * `GET /api/conversations/:partnerId/messages?before=<seq>|after=<seq>&limit=`: keyset pages, oldest first
 * within a page. No cursor: the newest page. `before`: older than it. `after`: everything newer (what a
 * reconnecting client missed), `limit` at a time.
 */
export const conversationHistoryQuerySchema = z
  .object({
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(DM_HISTORY_MAX_PAGE_SIZE).default(DM_HISTORY_PAGE_SIZE),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: "Use either before or after, not both.",
  });
export type ConversationHistoryQuery = z.infer<typeof conversationHistoryQuerySchema>;

/**
 * `GET /api/conversations?before=<cursor>&limit=<1…50>` (ADR 0010): keyset pages over the user's own
 * conversations by (last activity, conversation id), newest first. `before` is the previous page's
 * `nextCursor` (base64url characters only; the server refuses one it could not have made, with
 * `DM_ERROR_MESSAGES.invalidCursor`). No `before`: the first page.
 */
export const conversationListQuerySchema = z.object({
  before: boundedString(CONVERSATION_CURSOR_MAX_LENGTH, {
    tooLong: DM_ERROR_MESSAGES.invalidCursor,
    invalidType: DM_ERROR_MESSAGES.invalidCursor,
  })
    .regex(/^[A-Za-z0-9_-]+$/, DM_ERROR_MESSAGES.invalidCursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_PAGE_SIZE).default(CONVERSATION_PAGE_SIZE),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** `POST /api/blocks`. */
export const blockUserSchema = z.object({ userId: userIdSchema });
/** `DELETE /api/blocks/:userId`, `DELETE /api/friends/:userId`. */
export const userIdRouteParamSchema = z.object({ userId: userIdSchema });

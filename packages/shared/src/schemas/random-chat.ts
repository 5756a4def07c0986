import { z } from "zod";
import { GENDERS, PREFERENCES } from "../domain/gender";
import { LANGUAGE_CODES, LANGUAGE_UNKNOWN, LANGUAGES_TOO_MANY, MAX_LANGUAGES } from "../domain/languages";
import {
  CHAT_MESSAGE_EMPTY,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASONS,
} from "../domain/random-chat-limits";
import { boundedString, boundedTrimmedString } from "./bounded-string";

// The constants live apart from the schemas: a page that needs only them (the random-chat page)
// does not evaluate zod at load (issue #36).
export {
  CHAT_MESSAGE_EMPTY,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_RATE_LIMIT,
  CHAT_MESSAGE_RATE_WINDOW_MS,
  CHAT_MESSAGE_TOO_LONG,
  CHAT_RATE_LIMITED,
  REMATCH_COOLDOWN_MS,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_SNAPSHOT_SIZE,
  REPORT_WINDOW_MS,
  type ReportReason,
} from "../domain/random-chat-limits";

/**
 * `confirm_adult`: "I am 18 or older and accept the Terms and Guidelines", asked once per browser
 * before the first random chat (issue 14). Only `true` is a confirmation.
 */
export const confirmAdultSchema = z.object({ accepted: z.literal(true) }).strict();
export type ConfirmAdultInput = z.infer<typeof confirmAdultSchema>;

/** `join`: the random-match request. */
export const joinRandomSchema = z.object({
  gender: z.enum(GENDERS, { message: "Please select a gender option" }),
  preference: z.enum(PREFERENCES, { message: "Please choose who you want to meet" }),
  interests: z.array(boundedTrimmedString(24).min(1)).max(5).optional(),
  /** "Languages I speak" (issue #39): codes of `LANGUAGE_CODES`, at most 3; duplicates are merged at join. */
  languages: z
    .array(z.enum(LANGUAGE_CODES, { message: LANGUAGE_UNKNOWN }))
    .max(MAX_LANGUAGES, LANGUAGES_TOO_MANY)
    .optional(),
  allowAI: z.boolean().optional(),
});
export type JoinRandomInput = z.infer<typeof joinRandomSchema>;

/** Client-chosen message id: the idempotency key of a send (ARCHITECTURE §5). */
export const messageIdSchema = boundedString(64)
  .min(8)
  .regex(/^[\w-]+$/, "Invalid message id");

export const replyPreviewSchema = z.object({
  id: messageIdSchema,
  content: boundedString(CHAT_MESSAGE_MAX_LENGTH),
  senderId: boundedString(64).min(1),
  timestamp: z.number().int().nonnegative(),
  type: z.enum(["text", "image", "gif", "system"]),
});

/** `chat_message` (random chat) and `group_message`: text only here; images arrive with uploads. */
export const sendChatMessageSchema = z.object({
  id: messageIdSchema,
  content: boundedTrimmedString(CHAT_MESSAGE_MAX_LENGTH, { tooLong: CHAT_MESSAGE_TOO_LONG }).min(
    1,
    CHAT_MESSAGE_EMPTY,
  ),
  type: z.literal("text").default("text"),
  replyTo: replyPreviewSchema.optional(),
});
export type SendChatMessageInput = z.infer<typeof sendChatMessageSchema>;

export const typingSchema = z.object({ isTyping: z.boolean() });

/** `end_chat` and `next` carry nothing (an absent payload is fine too). */
export const emptyPayloadSchema = z.object({}).strict().optional();

/** `report_partner`: reason plus optional details; the snapshot is taken by the server. */
export const reportPartnerSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: "Please choose a reason" }),
  details: boundedTrimmedString(REPORT_DETAILS_MAX_LENGTH, { tooLong: REPORT_DETAILS_TOO_LONG }).optional(),
});
export type ReportPartnerInput = z.infer<typeof reportPartnerSchema>;

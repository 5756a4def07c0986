import { z } from "zod";
import { GENDERS, PREFERENCES } from "../domain/gender";
import { boundedString, boundedTrimmedString } from "./bounded-string";

/** Longest random-chat (and group) text message, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 1_000;
/** At most this many chat messages per sender in `CHAT_MESSAGE_RATE_WINDOW_MS`. */
export const CHAT_MESSAGE_RATE_LIMIT = 10;
export const CHAT_MESSAGE_RATE_WINDOW_MS = 10_000;
/** The partner just left is not offered again for this long ("no immediate rematch"). */
export const REMATCH_COOLDOWN_MS = 10_000;
/**
 * A partner stays reportable this long after the chat ended (issue 14: a harasser who presses Next
 * must not escape the report); the server keeps the pair's snapshot exactly as long.
 */
export const REPORT_WINDOW_MS = 10 * 60_000;
/** How many of a pair's latest messages the server keeps in memory for a report snapshot. */
export const REPORT_SNAPSHOT_SIZE = 20;

export const CHAT_MESSAGE_TOO_LONG = `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters long.`;
export const CHAT_MESSAGE_EMPTY = "Message cannot be empty.";
/** Longest free-text details of a report (random chat and group). */
export const REPORT_DETAILS_MAX_LENGTH = 500;
export const REPORT_DETAILS_TOO_LONG = `Details can be at most ${REPORT_DETAILS_MAX_LENGTH} characters long.`;
export const CHAT_RATE_LIMITED = "You're sending messages too fast. Please slow down.";

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

export const REPORT_REASONS = [
  "harassment",
  "hate",
  "sexual-content",
  "minor",
  "spam",
  "scam",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: "Harassment or bullying",
  hate: "Hate speech or threats",
  "sexual-content": "Unwanted sexual content",
  minor: "Appears to be under 18",
  spam: "Spam or advertising",
  scam: "Scam or fraud",
  other: "Something else",
};

/** `report_partner`: reason plus optional details; the snapshot is taken by the server. */
export const reportPartnerSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: "Please choose a reason" }),
  details: boundedTrimmedString(REPORT_DETAILS_MAX_LENGTH, { tooLong: REPORT_DETAILS_TOO_LONG }).optional(),
});
export type ReportPartnerInput = z.infer<typeof reportPartnerSchema>;

// Random chat's limits and report reasons (no zod here: the random-chat page reads them at load, issue #36).

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

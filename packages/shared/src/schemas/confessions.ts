import { z } from "zod";
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASONS,
} from "../domain/random-chat-limits";
import { boundedString, boundedTrimmedString } from "./bounded-string";
import { groupMessageIdSchema } from "./group-chat";

/**
 * The confession wall (spec §1, §2: "an anonymous confession wall with emoji reactions and comments";
 * ARCHITECTURE §4 `confessions`, `confession_reactions`, `confession_comments`; issue #13). Open to
 * whoever passes the group chat guard (guests and verified users). Posts and comments carry no author:
 * only the server and admins hold the author id. The server parses every body and query with these.
 */

export const CONFESSION_MAX_LENGTH = 1_000;
export const CONFESSION_COMMENT_MAX_LENGTH = 500;
export const CONFESSION_CONTENT_WARNING_MAX_LENGTH = 60;
/** A page of the feed (infinite scroll) and the largest page served. */
export const CONFESSION_PAGE_SIZE = 20;
export const CONFESSION_MAX_PAGE_SIZE = 50;
/** The comments of one confession served at most (oldest first; one level of replies). */
export const CONFESSION_COMMENTS_MAX = 500;
/** Per user, counted across nodes (issue #13). */
export const CONFESSIONS_PER_HOUR = 5;
export const CONFESSION_COMMENTS_PER_HOUR = 30;
export const CONFESSION_REACTIONS_PER_MINUTE = 60;
/** The same text from the same author within this window is dropped (as group messages, spec §5). */
export const CONFESSION_DUPLICATE_WINDOW_MS = 5_000;

/** The fixed reaction set; one reaction per user per confession. */
export const CONFESSION_REACTIONS = ["❤️", "😂", "😮", "😢", "🔥", "🙏"] as const;
export type ConfessionReaction = (typeof CONFESSION_REACTIONS)[number];
export const CONFESSION_REACTION_LABELS: Record<ConfessionReaction, string> = {
  "❤️": "Love",
  "😂": "Funny",
  "😮": "Wow",
  "😢": "Sad",
  "🔥": "Fire",
  "🙏": "Support",
};

export const CONFESSION_SORTS = ["new", "top-day", "top-week"] as const;
export type ConfessionSort = (typeof CONFESSION_SORTS)[number];

/** Texts the server answers with for the wall (the client shows them as they are). */
export const CONFESSION_ERROR_MESSAGES = {
  empty: "Write something first.",
  tooLong: `A confession can be at most ${CONFESSION_MAX_LENGTH} characters long.`,
  commentEmpty: "Write a comment first.",
  commentTooLong: `A comment can be at most ${CONFESSION_COMMENT_MAX_LENGTH} characters long.`,
  contentWarningTooLong: `A content warning can be at most ${CONFESSION_CONTENT_WARNING_MAX_LENGTH} characters long.`,
  notFound: "This confession was removed.",
  commentNotFound: "This comment was removed.",
  /** An admin asked for the author of content whose account was deleted (ADR 0014). */
  authorDeleted: "The author deleted their account.",
  /** Replies are one level deep: a reply to a reply is refused. */
  replyTooDeep: "You can only reply to a top-level comment.",
  notYours: "You can only delete your own posts.",
  idConflict: "This id is already taken. Please try again.",
  duplicate: "Duplicate post dropped.",
  tooManyConfessions: `You can post ${CONFESSIONS_PER_HOUR} confessions an hour. Please try again later.`,
  tooManyComments: `You can post ${CONFESSION_COMMENTS_PER_HOUR} comments an hour. Please try again later.`,
  tooManyReactions: "You are reacting too fast. Please slow down.",
  invalidCursor: "Invalid page cursor.",
} as const;

export const confessionIdSchema = groupMessageIdSchema;

/** `POST /api/confessions`: `id` is the client-chosen uuid, the idempotency key (a retry reuses it). */
export const createConfessionSchema = z.object({
  id: confessionIdSchema,
  content: boundedTrimmedString(CONFESSION_MAX_LENGTH, {
    tooLong: CONFESSION_ERROR_MESSAGES.tooLong,
  }).min(1, CONFESSION_ERROR_MESSAGES.empty),
  /** Optional; an empty warning is stored as none. */
  contentWarning: boundedTrimmedString(CONFESSION_CONTENT_WARNING_MAX_LENGTH, {
    tooLong: CONFESSION_ERROR_MESSAGES.contentWarningTooLong,
  }).nullish(),
});
export type CreateConfessionInput = z.infer<typeof createConfessionSchema>;

/** `POST /api/confessions/:id/comments`: `parentId` makes it a reply to a top-level comment. */
export const createConfessionCommentSchema = z.object({
  id: confessionIdSchema,
  content: boundedTrimmedString(CONFESSION_COMMENT_MAX_LENGTH, {
    tooLong: CONFESSION_ERROR_MESSAGES.commentTooLong,
  }).min(1, CONFESSION_ERROR_MESSAGES.commentEmpty),
  parentId: confessionIdSchema.nullish(),
});
export type CreateConfessionCommentInput = z.infer<typeof createConfessionCommentSchema>;

/** `PUT /api/confessions/:id/reaction`: set (or replace) the caller's one reaction. */
export const confessionReactionSchema = z.object({
  emoji: z.enum(CONFESSION_REACTIONS, { message: "Choose one of the reactions." }),
});
export type ConfessionReactionInput = z.infer<typeof confessionReactionSchema>;

/** `GET /api/confessions?sort=&cursor=&limit=`; `cursor` is the opaque `nextCursor` of the last page. */
export const confessionFeedQuerySchema = z.object({
  sort: z.enum(CONFESSION_SORTS).default("new"),
  cursor: boundedString(200, { tooLong: CONFESSION_ERROR_MESSAGES.invalidCursor }).optional(),
  limit: z.coerce.number().int().min(1).max(CONFESSION_MAX_PAGE_SIZE).default(CONFESSION_PAGE_SIZE),
});
export type ConfessionFeedQuery = z.infer<typeof confessionFeedQuerySchema>;

/** `POST /api/confessions/:id/report` and `…/comments/:commentId/report`. */
export const reportConfessionSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: "Please choose a reason" }),
  details: boundedTrimmedString(REPORT_DETAILS_MAX_LENGTH, { tooLong: REPORT_DETAILS_TOO_LONG }).optional(),
});
export type ReportConfessionInput = z.infer<typeof reportConfessionSchema>;

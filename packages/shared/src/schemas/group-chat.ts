import { z } from "zod";
import { STREAK_BADGE_THRESHOLDS } from "../constants";
import { GENDERS } from "../domain/gender";
import {
  CHAT_MESSAGE_EMPTY,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASONS,
} from "../domain/random-chat-limits";
import { boundedString, boundedTrimmedString } from "./bounded-string";

/**
 * Group chat and moderation payloads (spec §4 Bans, §6, §7; ARCHITECTURE §5, §7). The server parses every
 * socket payload and HTTP body with these; a bad one is answered `bad_request` and changes nothing.
 */

/** How many recent messages `join_group` returns, and the default page of the history route. */
export const GROUP_HISTORY_PAGE_SIZE = 50;
/** Largest page the history route serves. */
export const GROUP_HISTORY_MAX_PAGE_SIZE = 100;
/** spec §9 Banned list: the admin list shows the latest 50 by `bannedAt`. */
export const BANNED_LIST_LIMIT = 50;
/** Reports and mutes shown to admins at once. */
export const MODERATION_LIST_LIMIT = 100;
/** How many of a reported user's latest group messages a report keeps as its snapshot. */
export const GROUP_REPORT_SNAPSHOT_SIZE = 20;
export const MODERATION_REASON_MAX_LENGTH = 300;

export const GROUP_MESSAGE_TYPES = ["text", "image", "gif"] as const;
export type GroupMessageType = (typeof GROUP_MESSAGE_TYPES)[number];

/** Texts the server answers with (the client shows them as they are). */
export const GROUP_ERROR_MESSAGES = {
  signInRequired: "Please sign in to join the group chat.",
  notInGroup: "Join the group chat first.",
  imagesRegisteredOnly: "Only registered users can share images and GIFs.",
  imageUrlInvalid: "Images must be uploaded first.",
  adminOnly: "Only admins can do this.",
  userNotFound: "No user with this username.",
  messageNotFound: "This message does not exist.",
  reportNotFound: "This report does not exist.",
  cannotReportSelf: "You cannot report yourself.",
  cannotModerateSelf: "You cannot ban or mute yourself.",
  imageNotYourUpload: "You can only share images you uploaded here. Please upload the image again.",
} as const;

/** spec §4 A muted user cannot post and sees why (and, for a short automatic mute, until when). */
export function mutedMessage(reason: string | null | undefined, expiresAt?: number | null): string {
  const trimmed = reason?.trim();
  const until = expiresAt ? ` until ${new Date(expiresAt).toISOString().slice(11, 16)} UTC` : "";
  const base = `You are muted in the group chat and cannot send messages${until}.`;
  return trimmed ? `${base} Reason: ${trimmed}` : base;
}

/**
 * A message id is a client-chosen UUID: the idempotency key of a send (ARCHITECTURE §5). zod runs a
 * format's pattern before any `.max()` chained on it, so the cap is a separate first stage of a pipe.
 */
export const groupMessageIdSchema = boundedString(36, {
  tooLong: "Invalid message id",
  invalidType: "Invalid message id",
}).pipe(z.uuid({ message: "Invalid message id" }));

/** Uploaded images live under our own `/uploads/` path; nothing else is shown as an image. */
export const UPLOADED_IMAGE_URL_PATTERN = /^\/uploads\/[\w\-/]{1,200}\.(?:jpg|jpeg|png|gif|webp)$/;

/**
 * `group_message` (C→S). `replyTo` needs only the id: the server quotes its own copy of the original.
 * Other fields a client sends along (the spec's full reply preview) are ignored.
 */
export const sendGroupMessageSchema = z
  .object({
    id: groupMessageIdSchema,
    content: boundedTrimmedString(CHAT_MESSAGE_MAX_LENGTH, { tooLong: CHAT_MESSAGE_TOO_LONG }).min(
      1,
      CHAT_MESSAGE_EMPTY,
    ),
    type: z.enum(GROUP_MESSAGE_TYPES).default("text"),
    replyTo: z.object({ id: groupMessageIdSchema }).optional(),
  })
  .refine((message) => message.type === "text" || UPLOADED_IMAGE_URL_PATTERN.test(message.content), {
    message: GROUP_ERROR_MESSAGES.imageUrlInvalid,
    path: ["content"],
  });
export type SendGroupMessageInput = z.infer<typeof sendGroupMessageSchema>;

/**
 * `join_group`, `check_if_banned`, `force_unban_user` carry `{ username, userId }` (spec §7). The server
 * never trusts them for identity: join and check use the session; force-unban names whom to unban.
 */
export const banIdentitySchema = z.object({
  username: boundedString(40).optional(),
  userId: boundedString(64).optional(),
});
export const joinGroupSchema = banIdentitySchema.optional();
export const forceUnbanSchema = z.object({
  username: boundedTrimmedString(40).min(1),
  userId: boundedString(64).optional(),
});

/** The people list's first page (the `join_group` ack) and the step a client grows its page by. */
export const GROUP_PEOPLE_PAGE_SIZE = 50;
/** The longest page of the people list a client may keep current (`group_people_window`). */
export const GROUP_PEOPLE_WINDOW_MAX = 500;

/**
 * `group_people_window` (C→S): the part of the people list this client shows. The ack carries that part;
 * afterwards only changes inside it reach this client (`group_people`).
 */
export const groupPeopleWindowSchema = z.object({
  offset: z.number().int().min(0).max(1_000_000),
  limit: z.number().int().min(1).max(GROUP_PEOPLE_WINDOW_MAX),
});
export type GroupPeopleWindowInput = z.infer<typeof groupPeopleWindowSchema>;

const groupPersonSchema = z.object({
  userId: boundedString(64),
  username: boundedString(80),
  gender: z.enum(GENDERS).nullable(),
  profileImage: boundedString(2_048).nullable(),
  status: z.enum(["online", "away"]),
  isGuest: z.boolean(),
  badge: z
    .object({
      days: z.union(STREAK_BADGE_THRESHOLDS.map((days) => z.literal(days))),
      imageDays: z.number().int(),
      label: boundedString(80),
    })
    .nullable()
    .optional(),
});
/** S→C `group_people_counts` (and the counts inside every people payload). */
export const groupPeopleCountsSchema = z.object({
  online: z.number().int().nonnegative(),
  away: z.number().int().nonnegative(),
});
const groupPeopleUsersSchema = z.array(groupPersonSchema).max(GROUP_PEOPLE_WINDOW_MAX);
/** The `group_people_window` ack: that part of the list now, and the counts. */
export const groupPeoplePageSchema = z.object({
  offset: z.number().int().nonnegative(),
  counts: groupPeopleCountsSchema,
  users: groupPeopleUsersSchema,
});
/** S→C `group_people`: what changed inside the part of the list this client shows. */
export const groupPeopleDeltaSchema = z.object({
  counts: groupPeopleCountsSchema,
  upserts: groupPeopleUsersSchema,
  removals: z.array(boundedString(64)).max(GROUP_PEOPLE_WINDOW_MAX),
});

/** `group_typing` (C→S). */
export const groupTypingSchema = z.object({ isTyping: z.boolean() });

/** `GET /api/group/messages?before=<seq>&limit=`: keyset paging, older than `before` (never OFFSET). */
export const groupHistoryQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(GROUP_HISTORY_MAX_PAGE_SIZE).default(GROUP_HISTORY_PAGE_SIZE),
});
export type GroupHistoryQuery = z.infer<typeof groupHistoryQuerySchema>;

const reasonSchema = boundedTrimmedString(MODERATION_REASON_MAX_LENGTH, {
  tooLong: `A reason can be at most ${MODERATION_REASON_MAX_LENGTH} characters long.`,
}).optional();

/**
 * spec §4 Ban a user by id (what reports and lists carry), or by the username an admin typed, matched
 * case-insensitively (spec §5); an optional reason. The id wins when both are given.
 */
export const banUserSchema = z
  .object({
    userId: boundedString(64).min(1).optional(),
    username: boundedTrimmedString(40).min(1, "Username is required").optional(),
    reason: reasonSchema,
  })
  .refine((input) => input.userId !== undefined || input.username !== undefined, {
    message: "Username is required",
    path: ["username"],
  });
export type BanUserInput = z.infer<typeof banUserSchema>;

/** `DELETE /api/admin/bans/:username` and `DELETE /api/admin/mutes/:userId`. */
export const usernameParamSchema = z.object({ username: boundedTrimmedString(40).min(1) });
export const userIdParamSchema = z.object({ userId: boundedString(64).min(1) });
export const idParamSchema = z.object({ id: boundedString(64).min(1) });

/** spec §3 Muted user: mute by username with an optional reason. */
export const muteUserSchema = banUserSchema;
export type MuteUserInput = BanUserInput;

/** `POST /api/reports`: the user-report modal (for a message or a user). The server takes the snapshot. */
export const createReportSchema = z.object({
  targetUserId: boundedString(64).min(1),
  messageId: groupMessageIdSchema.optional(),
  reason: z.enum(REPORT_REASONS, { message: "Please choose a reason" }),
  details: boundedTrimmedString(REPORT_DETAILS_MAX_LENGTH, { tooLong: REPORT_DETAILS_TOO_LONG }).optional(),
});
export type CreateReportInput = z.infer<typeof createReportSchema>;

export const REPORT_ACTIONS = ["ban", "mute", "delete-message"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** `POST /api/admin/reports/:id/action`. */
export const reportActionSchema = z.object({
  action: z.enum(REPORT_ACTIONS),
  reason: reasonSchema,
});
export type ReportActionInput = z.infer<typeof reportActionSchema>;

export const reportListQuerySchema = z.object({
  status: z.enum(["open", "dismissed", "actioned"]).default("open"),
});

/** `GET /api/admin/reports/targets`: the report queue grouped by reported user, keyset pages. */
export const REPORT_TARGET_PAGE_SIZE = 20;
export const REPORT_TARGET_MAX_PAGE_SIZE = 50;
export const reportTargetQuerySchema = z.object({
  status: z.enum(["open", "dismissed", "actioned"]).default("open"),
  /** The `nextCursor` of the previous page. */
  cursor: boundedString(120).optional(),
  limit: z.coerce.number().int().min(1).max(REPORT_TARGET_MAX_PAGE_SIZE).default(REPORT_TARGET_PAGE_SIZE),
});
export type ReportTargetQuery = z.infer<typeof reportTargetQuerySchema>;

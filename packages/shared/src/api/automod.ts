import type { AutomodAction, AutomodSurface } from "../schemas/automod";

/**
 * Automatic moderation's HTTP contract (issue #15). The rule routes are admin-only (role read from the
 * database first, like every `/api/admin/*`); the review route needs a session.
 */
export const AUTOMOD_PATHS = {
  /** GET → `{ rules: AutomodRule[] }` (built-ins first); POST `CreateAutomodRuleInput` → `{ rule }` (201). */
  adminRules: "/api/admin/automod/rules",
  /** DELETE → `{ removed: boolean }` (custom rules only). */
  adminRule: (id: string) => `/api/admin/automod/rules/${encodeURIComponent(id)}`,
  /**
   * POST `AutomodReviewInput` → `{ reportId }` (201); once per blocked message, or once per refused image
   * (`{ image: surface }` names the latest image AutoMod refused there in the last day).
   */
  reviews: "/api/automod/reviews",
  /**
   * POST → `{ allowed: true }`: an admin reverses an automatic image flag (a blurred direct-message
   * image is shown normally from then on) and the flag is closed.
   */
  adminAllowImage: (reportId: string) =>
    `/api/admin/automod/flags/${encodeURIComponent(reportId)}/allow-image`,
} as const;

/** The reporter id and name of automatic reports in the admin queue. */
export const AUTOMOD_REPORTER_ID = "automod";
export const AUTOMOD_REPORTER_NAME = "AutoMod";
/** The `reason` of an automatic flag and of a user's review request in the report queue. */
export const AUTOMOD_FLAG_REASON = "automod-flag";
export const AUTOMOD_REVIEW_REASON = "automod-review";
/** The `reason` of the report AutoMod files when repeated hits muted someone for a short while. */
export const AUTOMOD_REPEAT_REASON = "automod-repeat";
/** How the admin queue names those reasons. */
export const AUTOMOD_REASON_LABELS: Readonly<Record<string, string>> = {
  [AUTOMOD_FLAG_REASON]: "AutoMod flag",
  [AUTOMOD_REVIEW_REASON]: "Review asked for an AutoMod block",
  [AUTOMOD_REPEAT_REASON]: "Repeated AutoMod hits (muted automatically)",
};

/**
 * Repeated hits (issue #15): this many blocks and flags of one user within the window apply a short
 * automatic mute, never a ban. An admin lifts it like any mute.
 */
export const AUTOMOD_STRIKES = { hits: 3, windowMinutes: 10, muteMinutes: 10 } as const;
/** The rule named by the automatic mute and its report. */
export const AUTOMOD_REPEAT_RULE_NAME = "Repeated AutoMod hits";
/** A report queue row is raised to the top once AutoMod flagged its user this many times. */
export const AUTOMOD_PRIORITY_HITS = 2;

/** The automatic mute's reason, as the muted user and the admins read it. */
export function automodMuteReason(lastRuleName: string): string {
  const { hits, windowMinutes, muteMinutes } = AUTOMOD_STRIKES;
  return `AutoMod: ${hits} rule hits within ${windowMinutes} minutes (latest: “${lastRuleName}”). Muted for ${muteMinutes} minutes.`;
}

/**
 * The same text from many new accounts (issue #15): once this many guests and day-old accounts sent it
 * within the window, further copies from new accounts are slowed (established accounts are not).
 */
export const AUTOMOD_COPIES = { senders: 5, windowMinutes: 10 } as const;
export const AUTOMOD_COPIES_RULE = {
  name: "Same text from new accounts",
  message:
    "AutoMod slowed you down (rule “Same text from new accounts”): many new accounts sent this same message. Please write your own words or wait a few minutes.",
} as const;

/** The error code of a message AutoMod refused (the message names the rule). */
export const AUTOMOD_BLOCKED_CODE = "automod_blocked";

export interface AutomodRule {
  id: string;
  name: string;
  /** The word or phrase; null for a built-in list (obscenity's English dataset). */
  phrase: string | null;
  surfaces: AutomodSurface[];
  action: AutomodAction;
  isBuiltin: boolean;
  createdAt: number;
}

/** The sender's refusal text: which rule fired and that a review can be asked for. */
export function automodBlockedMessage(ruleName: string): string {
  return `AutoMod blocked this message: it breaks the rule “${ruleName}”. You can ask for a review.`;
}

/** The link rule's refusal (spec-free, issue #15: new accounts and guests post no links). */
export function automodRuleMessage(ruleName: string, why: string): string {
  return `AutoMod blocked this message (rule “${ruleName}”): ${why}`;
}

/** The image rule's name (issue #15: nsfwjs's porn + hentai score at or above the configured threshold). */
export const AUTOMOD_IMAGE_RULE_NAME = "Explicit images";

/** An explicit image refused in the group room or as a profile picture or banner. */
export function automodImageMessage(ruleName: string = AUTOMOD_IMAGE_RULE_NAME): string {
  return `AutoMod refused this image: it breaks the rule “${ruleName}”. Please choose another one.`;
}

/** Sign-up and guest creation: the name is refused, naming the rule. */
export function automodUsernameMessage(ruleName: string): string {
  return `This username is not allowed: it breaks the AutoMod rule “${ruleName}”. Please choose another one.`;
}

/**
 * The error catalogue of spec §8 as data, plus the API error codes the server answers with
 * (ARCHITECTURE §5, §6: `{ error: { code, message } }`). Texts are spelled exactly as the spec writes them.
 */

// ── Authentication (spec §8) ────────────────────────────────────────────────
const INVALID_CREDENTIALS = "Invalid email or password. Please check your credentials and try again.";

/** spec §8 Authentication codes to messages. */
export const AUTH_ERROR_MESSAGES = {
  "invalid-credential": INVALID_CREDENTIALS,
  "wrong-password": INVALID_CREDENTIALS,
  "user-not-found": INVALID_CREDENTIALS,
  "invalid-email": "Please enter a valid email address.",
  "user-disabled": "This account has been disabled. Please contact support.",
  "too-many-requests": "Too many failed attempts. Please try again later.",
  "network-request-failed": "Network error. Please check your internet connection.",
  "email-already-in-use": "An account with this email already exists.",
  "weak-password": "Password must be at least 6 characters long.",
  "operation-not-allowed": "Email/password sign-in is not enabled. Please contact support.",
  default: "An error occurred during authentication. Please try again.",
} as const;
export type AuthErrorCode = Exclude<keyof typeof AUTH_ERROR_MESSAGES, "default">;

/** spec §8 The message for an authentication code (with or without an `auth/` prefix); unknown → default. */
export function authErrorMessage(code: string | null | undefined): string {
  const key = (code ?? "").replace(/^auth\//, "");
  return key !== "default" && Object.hasOwn(AUTH_ERROR_MESSAGES, key)
    ? AUTH_ERROR_MESSAGES[key as AuthErrorCode]
    : AUTH_ERROR_MESSAGES.default;
}

/** spec §8 Sign-in and sign-up fallbacks. */
export const SIGN_IN_MESSAGES = {
  fallback: "An error occurred during sign in",
  invalidCredentials: "Invalid email or password",
} as const;
export const SIGN_UP_UNKNOWN_ERROR = "An unexpected error occurred";

/** spec §4 Raised after a guest links e-mail credentials (account upgrade). */
export const UPGRADE_VERIFY_EMAIL_MESSAGE = "Please verify your email address to complete account upgrade.";

/** spec §8 Forgot password texts (ARCHITECTURE §9.3: the server always answers with `success`). */
export const FORGOT_PASSWORD_MESSAGES = {
  success: "Password reset email sent. Please check your inbox.",
  userNotFound: "No account found with this email address.",
  invalidEmail: "Invalid email address format.",
  tooManyRequests: "Too many password reset attempts. Please try again later.",
} as const;

/** spec §8 Human verification and guest creation. */
export const HUMAN_VERIFICATION_MESSAGES = {
  failed: "Verification failed. Please try again.",
  genericFailure: "Human verification failed. Please try again.",
  guestCreationFailed: "Failed to create guest account",
  /** Not in the spec: GET /api/captcha/challenge is limited per address (a challenge costs the server). */
  tooManyChallenges: "Too many verification attempts. Please wait a minute and try again.",
} as const;

/** spec §8 Resend verification e-mail. */
export const RESEND_VERIFICATION_MESSAGES = {
  tooManyRequests: "Too many attempts. Please try again in a few minutes.",
  sessionExpired: "Your session has expired. Please sign in again.",
  failed: "Failed to send verification email. Please try again later.",
  sent: "Email Sent!",
} as const;

/** spec §8 Profile upload errors (toast top-right, 4 s: `PROFILE_UPLOAD_TOAST`). */
export const PROFILE_UPLOAD_MESSAGES = {
  unauthorized: "You are not authorized to upload images.",
  canceled: "Image upload was canceled.",
  unknown: "An unknown error occurred during upload.",
  timedOut: "Image upload timed out. Please try again.",
  failed: "Failed to upload profile picture. Please try again.",
  fallback: "An unexpected error occurred during profile picture upload.",
} as const;

/** spec §8 Image handling. */
export const IMAGE_HANDLING_MESSAGES = {
  base64Failed: "Failed to convert image to base64",
  noCanvasContext: "Failed to get canvas context",
  compressFailed: "Failed to compress image",
  loadFailed: "Failed to load image",
  timeout: "Image processing timeout.",
} as const;

/** spec §8 Messaging toasts. */
export const MESSAGING_MESSAGES = {
  saveFailed: "Failed to save message. Please try again.",
  blocked: "User blocked successfully",
  blockFailed: "Failed to block user",
  unblocked: "User unblocked successfully",
  unblockFailed: "Failed to unblock user",
} as const;

/** spec §4 Blocking: the system messages posted in the conversation. */
export const BLOCK_SYSTEM_MESSAGES = {
  blocked: "You have blocked this user. They can no longer send you messages.",
  unblocked: "You have unblocked this user. They can now send you messages again.",
} as const;

/** spec §8 Bans and group chat (templates below). */
export const GROUP_CHAT_MESSAGES = {
  banned: "You have been banned from the group chat.",
  bannedBy: "You have been banned from the group chat by {admin}.",
  unbannedBy: "You have been unbanned from the group chat by {admin}.",
  userUnbanned: "{username} has been unbanned",
  emergencyUnban: "Emergency unban override applied",
  verifyEmail: "Please verify your email before joining the group chat.",
  refreshBannedFailed: "Failed to refresh banned users",
  /** issue #38: a mute that ends by itself or is lifted by an admin is announced. */
  muteEnded: "Your mute has ended. You can send messages in the group chat again.",
} as const;

/** spec §8 'You have been banned from the group chat by {admin}.' */
export function bannedByMessage(admin: string): string {
  return GROUP_CHAT_MESSAGES.bannedBy.replace("{admin}", admin);
}

/** spec §8 'You have been unbanned from the group chat by {admin}.' */
export function unbannedByMessage(admin: string): string {
  return GROUP_CHAT_MESSAGES.unbannedBy.replace("{admin}", admin);
}

/** spec §8 '{username} has been unbanned' */
export function userUnbannedMessage(username: string): string {
  return GROUP_CHAT_MESSAGES.userUnbanned.replace("{username}", username);
}

/** spec §8 Store fallbacks. */
export const STORE_FALLBACK_MESSAGES = {
  loadBannedUsers: "Failed to load banned users",
  banUser: "Failed to ban user",
  fetchBannedUsers: "Failed to fetch banned users",
  bannedUsersListener: "Failed to set up banned users listener",
  fetchFriends: "Failed to fetch friends",
} as const;

/** spec §8 Startup fails with this when the page has no root element. */
export const ROOT_ELEMENT_MISSING_MESSAGE = "Failed to find the root element";

/** spec §3/§4 Display fallbacks for missing or deleted people. */
export const DISPLAY_NAME_FALLBACKS = {
  unknownUser: "Unknown User",
  deletedUser: "Deleted User",
  anonymous: "Anonymous",
} as const;

// ── API errors (ARCHITECTURE §5, §6) ────────────────────────────────────────
/** Every code the server answers with in `{ error: { code, message } }` and in failed acks. */
export const API_ERROR_CODES = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "rate_limited",
  "conflict",
  /** Random chat only: the 18+ confirmation is missing (issue 14). */
  "age_confirmation_required",
  "internal",
  /** Issue #15: automatic moderation refused a message; the message names the rule. */
  "automod_blocked",
  /** Issue #33: the server's queue for this kind of work is full; try again shortly (503). */
  "busy",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The message sent when a use case gives none of its own. */
export const API_ERROR_MESSAGES: Readonly<Record<ApiErrorCode, string>> = {
  bad_request: "The request is not valid.",
  unauthorized: "Authentication required",
  forbidden: "You are not allowed to do this.",
  not_found: "Not found.",
  rate_limited: "Too many requests. Please try again later.",
  conflict: "This conflicts with existing data.",
  age_confirmation_required:
    "Please confirm that you are 18 or older and accept the Terms and Guidelines before you start a random chat.",
  internal: "Something went wrong. Please try again.",
  automod_blocked: "AutoMod blocked this message.",
  busy: "The server is busy. Please try again in a moment.",
};

/** The HTTP status for each code (one place maps errors to responses, STYLE Code). */
export const API_ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  conflict: 409,
  age_confirmation_required: 403,
  internal: 500,
  automod_blocked: 422,
  busy: 503,
};

/** Narrows an unknown string (from an ack or response body) to a known code. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && (API_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Server answers without a spec text of their own (ARCHITECTURE §7 checks the spec's client did not
 * make). One catalogue, so the same refusal reads the same in every feature.
 */
const SLOW_DOWN = "You are doing that too often. Please slow down and try again in a moment.";

export const SERVER_MESSAGES = {
  tooManyReports: "You have sent too many reports. Please try again later.",
  /** A socket event over its per-socket or per-user limit (`realtime/event-limits.ts`). */
  socketEventRateLimited: SLOW_DOWN,
  /** One user's requests to the registered-only social routes over their per-user limit. */
  tooManyRequests: SLOW_DOWN,
  /** The handshake's per-IP cap of concurrent sockets. */
  tooManyConnections: "Too many open connections from your network. Close some Heartline tabs and try again.",
  /** A socket whose session was signed out, expired or revoked elsewhere. */
  socketSessionEnded: "Your session has ended. Please sign in again.",
  /** `POST /api/analytics/page-view` over its per-visitor limit. */
  tooManyPageViews: "Too many page views. Please try again later.",
  notInRandomChat: "You are not connected to a partner.",
  notWithAi: "You are not chatting with the AI companion.",
  nextBeforeJoin: "Choose your gender and preference first.",
  nobodyToReport:
    "There is no partner to report. You can report a partner during the chat and for 10 minutes after it ends.",
  untrustedOrigin: "This request must come from the Heartline site.",
  usernameTaken: "This username is already taken. Please choose another one.",
  verifyBeforeConverting: "Please verify your email address before proceeding.",
  tooManyConversions: "Too many account conversion attempts. Please contact support.",
  alreadyVerified: "Your email address is already verified.",
  noEmailToVerify: "There is no email address to verify on this account.",
  wrongCurrentPassword: "Your current password is not correct.",
  bodyNotJson: "The body must be JSON.",
  noSuchFile: "No such file.",
  metricsUnauthorized: "The metrics need the scrape token: Authorization: Bearer <METRICS_TOKEN>.",
  altchaNotConfigured: "ALTCHA is not the configured human check.",
  devOutboxAddressRequired: "Give the address as ?to=<email>.",
  devOutboxEmpty: "No e-mail to this address yet.",
  devOutboxLocalOnly:
    "The dev outbox is served only to this machine: open it on http://localhost, not through a proxy.",
} as const;

/** spec §5: an id that never belonged to an account (a deleted one answers 'Deleted User'). */
export function userDoesNotExistMessage(id: string): string {
  return `User with ID ${id} does not exist`;
}

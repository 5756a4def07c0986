/**
 * Every business constant and limit of spec §9 (plus the limits stated in §2, §4, §5 and §8),
 * one named export each. Durations are milliseconds and end in `_MS`.
 */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// ── Online count ────────────────────────────────────────────────────────────
/** spec §9 Simulated online count: lowest value (start and clamp). Also the §5 floor. */
export const SIMULATED_ONLINE_MIN = 500;
/** spec §9 Simulated online count: highest value (start and clamp). */
export const SIMULATED_ONLINE_MAX = 700;
/** spec §9 Simulated online count: each step drifts by a random integer in −20…+20. */
export const SIMULATED_DRIFT_MAX = 20;
/** spec §9 Simulated online count: shortest wait between two drifts. */
export const SIMULATED_DRIFT_INTERVAL_MIN_MS = 5 * SECOND_MS;
/** spec §9 Simulated online count: longest wait between two drifts. */
export const SIMULATED_DRIFT_INTERVAL_MAX_MS = 15 * SECOND_MS;
/** spec §9 Fallback online count in the header when the live count is unavailable or zero. */
export const FALLBACK_ONLINE_COUNT = 500;
/** spec §5 The real user count is floored at 0. */
export const REAL_USER_COUNT_FLOOR = 0;

// ── AI companion ────────────────────────────────────────────────────────────
/** spec §9 AI match timeout: wait this long for a person before the AI fallback may start. */
export const AI_MATCH_TIMEOUT_MS = 15 * SECOND_MS;
/** spec §9 Maximum AI errors before the AI is disabled (§4 AI fallback). */
export const AI_MAX_ERRORS = 5;
/** spec §9 AI health check interval. */
export const AI_HEALTH_CHECK_INTERVAL_MS = 60 * SECOND_MS;

// ── Local storage ───────────────────────────────────────────────────────────
/** spec §9 Local chat storage key (gender, preference and the three counters, §4). */
export const CHAT_STORAGE_KEY = "chat-storage";
/** spec §7 Browser storage: marker set on an explicit logout. */
export const EXPLICIT_LOGOUT_STORAGE_KEY = "explicit_logout";

// ── Images and uploads ──────────────────────────────────────────────────────
/** spec §9 Image size limit: 5 MB (5242880 bytes); larger files are refused (§5). */
export const MAX_IMAGE_BYTES = 5_242_880;
/** spec §9 Longest side of a re-encoded (non-gif) image. */
export const MAX_IMAGE_SIDE_PX = 1200;
/** spec §9 JPEG quality of re-encoded images. */
export const JPEG_QUALITY = 0.8;
/** spec §9 Image processing timeout. */
export const IMAGE_PROCESSING_TIMEOUT_MS = 10 * SECOND_MS;
/** spec §9 Image processing retries. */
export const IMAGE_PROCESSING_RETRIES = 2;
/** spec §9 Upload timeout. */
export const UPLOAD_TIMEOUT_MS = 15 * SECOND_MS;
/** spec §9 Upload retries. */
export const UPLOAD_RETRIES = 2;
/** spec §9 Image URL cache lifetime. */
export const IMAGE_URL_CACHE_TTL_MS = 5 * MINUTE_MS;
/** spec §9 Image URL fetch retries. */
export const IMAGE_URL_RETRIES = 3;
/** spec §9 Delay between image URL fetch retries. */
export const IMAGE_URL_RETRY_DELAY_MS = SECOND_MS;

// ── Direct messages and conversations ───────────────────────────────────────
/** spec §9 Partner-exists cache lifetime held in state. */
export const PARTNER_EXISTS_CACHE_TTL_MS = 5 * MINUTE_MS;
/** spec §9 Partner-exists cache default constant. */
export const PARTNER_EXISTS_DEFAULT_CACHE_TTL_MS = 30 * SECOND_MS;
/** spec §9 Conversation cache lifetime. */
export const CONVERSATION_CACHE_TTL_MS = 2 * MINUTE_MS;
/** spec §9 Message limits: live subscription. */
export const DM_LIVE_SUBSCRIPTION_LIMIT = 50;
/** spec §9 Message limits: loading one chat. */
export const DM_CHAT_LOAD_LIMIT = 100;
/** spec §9 Message limits: rebuilding conversations. */
export const DM_REBUILD_LIMIT = 20;
/** spec §9 Message limits: rebuild when fewer than this many conversations are found. */
export const DM_REBUILD_MIN_CONVERSATIONS = 5;
/** spec §9 Message limits: partner info preloaded for the top partners. */
export const DM_PRELOAD_PARTNER_COUNT = 10;
/** spec §9 Duplicate message window (same content, sender and receiver, §5). */
export const DUPLICATE_MESSAGE_WINDOW_MS = 5 * SECOND_MS;
/** spec §9 Marking read is ignored this long after an unhide (§4 Conversations). */
export const READ_BLOCK_AFTER_UNHIDE_MS = 3 * SECOND_MS;

// ── Sockets ─────────────────────────────────────────────────────────────────
/** spec §9 Random-chat socket: reconnect delay 500–3000 ms, unlimited attempts, timeout 20 s. */
export const RANDOM_CHAT_SOCKET_POLICY = {
  reconnectionDelayMs: 500,
  reconnectionDelayMaxMs: 3 * SECOND_MS,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeoutMs: 20 * SECOND_MS,
  /** Conversations and subscriptions refresh this long after a reconnect (§4 Socket). */
  refreshAfterReconnectMs: 2 * SECOND_MS,
} as const;
/** spec §9 Network recovery: up to 5 attempts, base delay 1 s doubling. */
export const NETWORK_RECOVERY_POLICY = {
  maxAttempts: 5,
  baseDelayMs: SECOND_MS,
  factor: 2,
} as const;
/** spec §9 Group-chat socket: 5 attempts, delay 1–10 s, randomization 0.5, timeout 20 s. */
export const GROUP_CHAT_SOCKET_POLICY = {
  reconnectionAttempts: 5,
  reconnectionDelayMs: SECOND_MS,
  reconnectionDelayMaxMs: 10 * SECOND_MS,
  randomizationFactor: 0.5,
  timeoutMs: 20 * SECOND_MS,
} as const;
/** spec §9 Group-chat socket: `ping` every 20 s (§7). */
export const PING_INTERVAL_MS = 20 * SECOND_MS;
/** spec §9 Group-chat socket: online-mapping debug check every 10 s. */
export const ONLINE_MAPPING_CHECK_INTERVAL_MS = 10 * SECOND_MS;

// ── Accounts ────────────────────────────────────────────────────────────────
/** spec §9 Username length: minimum (§5). */
export const USERNAME_MIN_LENGTH = 3;
/** spec §9 Username length: maximum; exactly 20 passes (§5). */
export const USERNAME_MAX_LENGTH = 20;
/**
 * Issue #38: a deleted registered account's name stays unavailable this long (case-insensitively, as
 * usernames are compared), so a newcomer cannot take it and look like the person who left.
 */
export const DELETED_USERNAME_HOLD_MS = 30 * DAY_MS;
/** Issue #38: how often each node removes the name holds that have run out. */
export const USERNAME_HOLD_SWEEP_INTERVAL_MS = HOUR_MS;
/** spec §9 Password minimum length. */
export const PASSWORD_MIN_LENGTH = 6;
/**
 * Password maximum length (not in the spec): the auth library refuses longer passwords, so a longer one
 * accepted at sign-up or upgrade could never sign in. Also bounds the work on a password field.
 */
export const PASSWORD_MAX_LENGTH = 128;
/** E-mail maximum length (not in the spec): the longest address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** spec §9 Minimum age in years. */
export const MIN_AGE_YEARS = 18;
/** Issue #14: an age above this is not a real date of birth. */
export const MAX_AGE_YEARS = 120;
/** spec §9 User id: fewest alphanumerics. */
export const USER_ID_MIN_LENGTH = 20;
/** spec §9 User id: most alphanumerics. */
export const USER_ID_MAX_LENGTH = 28;
/** spec §9 Conversion attempts maximum: blocked at 3 or more (§5). */
export const MAX_CONVERSION_ATTEMPTS = 3;
/** spec §9 Verification polling inside the Verify Your Email modal. */
export const VERIFICATION_POLL_MODAL_MS = 2 * SECOND_MS;
/** spec §9 Verification polling globally while unverified. */
export const VERIFICATION_POLL_GLOBAL_MS = 5 * SECOND_MS;
/** spec §9 Resend cooldown. */
export const RESEND_COOLDOWN_MS = 60 * SECOND_MS;
/** spec §9 Resend cooldown after too-many-requests. */
export const RESEND_COOLDOWN_TOO_MANY_MS = 300 * SECOND_MS;
/** spec §9 Resend 'Sending' state duration. */
export const RESEND_SENDING_STATE_MS = 2 * SECOND_MS;
/** spec §4 Auth persistence is retried up to 3 times with backoff. */
export const AUTH_PERSISTENCE_MAX_RETRIES = 3;

// ── Profiles, lookups, friends ──────────────────────────────────────────────
/** spec §9 Profile cache TTL. */
export const PROFILE_CACHE_TTL_MS = 120 * MINUTE_MS;
/** spec §9 In-memory profile lookup cache. */
export const PROFILE_LOOKUP_CACHE_TTL_MS = 120 * SECOND_MS;
/** spec §9 Failed batch lookup retry. */
export const FAILED_LOOKUP_RETRY_MS = 5 * MINUTE_MS;
/** spec §9 Batch lookup delay. */
export const LOOKUP_BATCH_DELAY_MS = 50;
/** spec §9 Id batches of 10 (lookups and friends queries). */
export const ID_BATCH_SIZE = 10;
/** spec §9 Friend count stale after. */
export const FRIEND_COUNT_STALE_MS = 15 * MINUTE_MS;
/** spec §9 Recently active window. */
export const RECENTLY_ACTIVE_WINDOW_MS = 7 * DAY_MS;
/** spec §9 Recently active default limit. */
export const RECENTLY_ACTIVE_DEFAULT_LIMIT = 20;
/** spec §9 Fallback log keeps 100 events. */
export const FALLBACK_LOG_MAX_EVENTS = 100;
/** spec §9 Friends cache lifetime (§4). */
export const FRIENDS_CACHE_TTL_MS = 10 * MINUTE_MS;
/** spec §9 Optimistic friend updates block refetching this long (§4). */
export const FRIENDS_OPTIMISTIC_BLOCK_MS = 5 * SECOND_MS;
/** spec §9 Friends query batches of 10 ids. */
export const FRIENDS_QUERY_BATCH_SIZE = 10;

// ── Streaks and leaderboard ─────────────────────────────────────────────────
/** spec §9 Streak badge thresholds in days; the highest reached is used. */
export const STREAK_BADGE_THRESHOLDS = [3, 7, 14, 30, 60, 90] as const;
/** spec §9 Streak badges: the 90-day badge uses the 100-day image. */
export const STREAK_BADGE_IMAGE_DAYS = { 3: 3, 7: 7, 14: 14, 30: 30, 60: 60, 90: 100 } as const;
/** spec §9 Streak rules: max inactive days. */
export const STREAK_MAX_INACTIVE_DAYS = 1;
/** spec §9 Streak rules: daily reset hour. */
export const STREAK_DAILY_RESET_HOUR = 0;
/** spec §9 Streak rules: the count rises at most once per calendar day. */
export const STREAK_INCREMENTS_PER_DAY = 1;
/** spec §4 Streaks: more than 24 h since the last message resets an inactive streak. */
export const STREAK_MESSAGE_WINDOW_MS = DAY_MS;
/** spec §9 Streak caches: in-memory. */
export const STREAK_MEMORY_CACHE_TTL_MS = DAY_MS;
/** spec §9 Streak caches: session persistent. */
export const STREAK_SESSION_CACHE_TTL_MS = 2 * DAY_MS;
/** spec §9 Streak caches: session cache saved every 30 s. */
export const STREAK_SESSION_SAVE_INTERVAL_MS = 30 * SECOND_MS;
/** spec §9 Streak caches: fetch debounce. */
export const STREAK_FETCH_DEBOUNCE_MS = 500;
/** spec §9 Streak caches: poll every 10 s for a friend pair (§7). */
export const STREAK_POLL_INTERVAL_MS = 10 * SECOND_MS;
/** spec §9 Leaderboard: fetch 50. */
export const LEADERBOARD_FETCH_LIMIT = 50;
/** spec §9 Leaderboard: show 10. */
export const LEADERBOARD_SIZE = 10;

// ── Moderation ──────────────────────────────────────────────────────────────
/** spec §9 Banned list cache validity. */
export const BANNED_LIST_CACHE_TTL_MS = HOUR_MS;
/** spec §9 Banned list fetch limit (latest 50 by bannedAt, §6). */
export const BANNED_LIST_FETCH_LIMIT = 50;
/** spec §9 Idle listeners are removed after 5 min with no references. */
export const IDLE_LISTENER_TTL_MS = 5 * MINUTE_MS;
/** spec §9 Idle listeners are checked every 5 min. */
export const IDLE_LISTENER_CHECK_INTERVAL_MS = 5 * MINUTE_MS;

// ── Toasts and timed UI ─────────────────────────────────────────────────────
/** spec §9 Toasts: default duration. */
export const TOAST_DEFAULT_DURATION_MS = 3 * SECOND_MS;
/** spec §9 Toasts: default position. */
export const TOAST_DEFAULT_POSITION = "top-center";
/** spec §9 Toasts: ordinary toasts in the messaging area. */
export const MESSAGING_TOAST_DURATION_MS = 4 * SECOND_MS;
/** spec §9 Toasts: error toasts in the messaging area. */
export const MESSAGING_ERROR_TOAST_DURATION_MS = 4 * SECOND_MS;
/** spec §9 Toasts: success toasts in the messaging area. */
export const MESSAGING_SUCCESS_TOAST_DURATION_MS = 2 * SECOND_MS;
/** spec §9 Toasts: at most 20 at once. */
export const TOAST_LIMIT = 20;
/** spec §8 Profile upload errors: toast top-right, 4 s. */
export const PROFILE_UPLOAD_TOAST = { position: "top-right", durationMs: 4 * SECOND_MS } as const;
/** spec §8 'You have been banned…' error toast, then redirect home. */
export const BANNED_TOAST_DURATION_MS = 5 * SECOND_MS;
/** spec §8 'You have been unbanned…' success toast. */
export const UNBANNED_TOAST_DURATION_MS = 5 * SECOND_MS;
/** spec §8 'Emergency unban override applied' success toast. */
export const EMERGENCY_UNBAN_TOAST_DURATION_MS = 3 * SECOND_MS;
/** spec §8 'Please verify your email before joining the group chat.' toast, top centre. */
export const VERIFY_EMAIL_GROUP_TOAST = { position: "top-center", durationMs: 3 * SECOND_MS } as const;
/** spec §8 The forgot-password modal closes this long after success. */
export const FORGOT_PASSWORD_CLOSE_DELAY_MS = 3 * SECOND_MS;
/** spec §8 The 'Email Sent!' note shows this long. */
export const EMAIL_SENT_NOTE_MS = 3 * SECOND_MS;
/** spec §8 After 'Your session has expired…' redirect to / this long later. */
export const SESSION_EXPIRED_REDIRECT_MS = 3 * SECOND_MS;
/** spec §9 Confetti after sign-up success. */
export const CONFETTI_SIGNUP_MS = 3 * SECOND_MS;
/** spec §9 Confetti after the other (upgrade) success variant. */
export const CONFETTI_UPGRADE_MS = 5 * SECOND_MS;
/** spec §9 Unban toast link to join the group chat (home page). */
export const UNBAN_TOAST_LINK_MS = 10 * SECOND_MS;
/** spec §2 The loading screen shows about 0.5 s at start. */
export const LOADING_SCREEN_MS = 500;

// ── Landing demo ────────────────────────────────────────────────────────────
/** spec §9 Demo chat advances every 1–2 s: shortest step. */
export const DEMO_CHAT_STEP_MIN_MS = SECOND_MS;
/** spec §9 Demo chat advances every 1–2 s: longest step. */
export const DEMO_CHAT_STEP_MAX_MS = 2 * SECOND_MS;
/** spec §9 Demo progress counter step. */
export const DEMO_PROGRESS_STEP = 10;
/** spec §9 Demo progress counter ticks every second. */
export const DEMO_PROGRESS_INTERVAL_MS = SECOND_MS;
/** spec §9 Demo progress counter stops at 100. */
export const DEMO_PROGRESS_MAX = 100;

// ── Avatars ─────────────────────────────────────────────────────────────────
/** spec §9 Avatars: four built-in. */
export const BUILT_IN_AVATAR_COUNT = 4;

import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";
import type { Gender } from "../domain/gender";
import { LANGUAGE_CODES, LANGUAGE_UNKNOWN } from "../domain/languages";
import type { SiteLocale } from "../domain/site-locale";
import type { StreakBadge } from "../domain/streak-badge";
import { emailSchema, passwordSchema, signUpPasswordSchema } from "../schemas/account";
import { boundedString, boundedTrimmedString } from "../schemas/bounded-string";
import { VALIDATION_MESSAGES as M } from "../schemas/messages";

/**
 * The accounts HTTP contract (ARCHITECTURE §6): paths, request bodies and response shapes shared by the
 * server routes and the web client. Errors use the one shape `{ error: { code, message } }`.
 * Better Auth stays mounted under `/api/auth/*`; these routes wrap the flows of spec §4 around it.
 */
export const ACCOUNT_PATHS = {
  /** GET: which human check is configured: `HumanCheckConfig`. */
  humanCheckConfig: "/api/captcha/config",
  /** GET: a fresh ALTCHA challenge (the widget's `challengeurl`). */
  humanCheckChallenge: "/api/captcha/challenge",
  /** POST `{ token }` (spec §7): sets a short-lived HttpOnly human-pass cookie used by guest, sign-in, sign-up. */
  verifyHuman: "/api/verify-recaptcha",
  /** GET: `{ user: AccountUser | null }`, the signed-in user as the app holds it (spec §3). */
  me: "/api/accounts/me",
  /** POST `GuestInput` → `{ user }`; needs the human pass (spec §4 Guest flow). */
  guest: "/api/accounts/guest",
  /** POST `SignInInput` → `{ user }`; needs the human pass. */
  signIn: "/api/accounts/sign-in",
  /** POST `SignUpInput` → `SignUpResult`; a guest session upgrades, anyone else gets a new account. */
  signUp: "/api/accounts/sign-up",
  /**
   * GET `?token=` (the e-mailed link) → 302 to `VERIFICATION_LANDINGS` (ADR 0017): the address is proven;
   * the browser that signed up stays signed in, any other click ends every session and the password.
   */
  verifyEmail: "/api/accounts/verify-email",
  /** POST → `{ ok: true }`; 429 too many, 401 session expired (spec §8 Resend). */
  resendVerification: "/api/accounts/resend-verification",
  /** POST `{ email }` → always `{ message: FORGOT_PASSWORD_MESSAGES.success }` (ARCHITECTURE §9.3). */
  forgotPassword: "/api/accounts/forgot-password",
  /** POST `ResetPasswordInput` → `{ ok: true }`. The e-mailed link opens `/?resetToken=…`. */
  resetPassword: "/api/accounts/reset-password",
  /** POST `ChangePasswordInput` → `{ ok: true }`. */
  changePassword: "/api/accounts/change-password",
  /** POST → `{ ok: true }`; ends this session and closes this user's sockets on this session. */
  signOut: "/api/accounts/sign-out",
  /** POST → `{ ok: true }`; ends every session of the user and closes all their sockets. */
  signOutEverywhere: "/api/accounts/sign-out-everywhere",
  /**
   * GET `?username=` → `{ available: boolean, message? }` (spec §5, case-insensitive; `message` says why
   * not: taken, or too like another user's name).
   */
  checkUsername: "/api/users/check-username",
  /** GET `/api/users/:id` → `PublicProfile` (404 not_found). */
  user: (id: string) => `/api/users/${encodeURIComponent(id)}`,
  /** PATCH `ProfileUpdateInput` → `{ user: AccountUser }`; DELETE → `{ ok: true }` (spec §4 deletion). */
  myProfile: "/api/users/me",
  /** POST multipart (field `file`) → `{ user: AccountUser }`. */
  myAvatar: "/api/users/me/avatar",
  /** POST multipart (field `file`) → `{ user: AccountUser }`. */
  myBanner: "/api/users/me/banner",
  /** Dev only (not in production): the dev outbox page listing the newest e-mails. */
  devOutbox: "/dev/outbox",
} as const;

export const HUMAN_CHECK_PROVIDERS = ["altcha", "turnstile", "recaptcha", "off"] as const;
export type HumanCheckProvider = (typeof HUMAN_CHECK_PROVIDERS)[number];

export interface HumanCheckConfig {
  provider: HumanCheckProvider;
  /** Turnstile / reCAPTCHA site key. */
  siteKey?: string;
}

export const verifyHumanSchema = z.object({ token: boundedString(10_000).min(1) });
export type VerifyHumanInput = z.infer<typeof verifyHumanSchema>;

/** The signed-in user as the app holds it (spec §3 "Auth user as held in the app"). */
export interface AccountUser {
  id: string;
  email: string | null;
  username: string;
  isGuest: boolean;
  emailVerified: boolean;
  dob: string | null;
  gender: Gender | null;
  profileImage: string | null;
  bannerImage: string | null;
  bio: string | null;
  isAdmin: boolean;
  conversionAttempts: number;
  /** Set while a guest upgrade waits for its e-mail verification. */
  conversionRequestedAt: number | null;
  conversionCompletedAt: number | null;
  createdAt: number;
  /** Issue #15: blurred direct-message images offer "Show image" (off by default). */
  showSensitiveImages: boolean;
  /** Issue #39: the language chosen for the site and its e-mails, or null (the browser's is used). */
  locale: SiteLocale | null;
}

export interface SignUpResult {
  user: AccountUser;
  /** `upgrade` when a guest linked an e-mail (spec §4 Sign-up (a)). */
  mode: "new" | "upgrade";
  /** For an upgrade: 'Please verify your email address to complete account upgrade.' */
  message?: string;
}

/** A profile anyone signed in may read (no e-mail, no date of birth). */
export interface PublicProfile {
  id: string;
  username: string;
  gender: Gender | null;
  profileImage: string | null;
  bannerImage: string | null;
  bio: string | null;
  isGuest: boolean;
  isDeleted: boolean;
  isAdmin: boolean;
  createdAt: number;
  lastActive: number | null;
  /**
   * spec §3: distinct counterparts across accepted friend requests in either direction. Absent for a
   * deleted account (nothing more is said about it).
   */
  friendCount?: number;
  /** The highest streak badge any of this user's streaks ever reached (spec §3 highestStreak), or null. */
  highestBadge?: StreakBadge | null;
}

export const BIO_MAX_LENGTH = 300;
/** `avatar-1`…`avatar-4`. */
const BUILT_IN_AVATAR_ID_MAX_LENGTH = 8;
const BUILT_IN_AVATAR_MESSAGE = "Choose one of the built-in avatars";
/** Longest reset token read (Better Auth's are far shorter). */
export const RESET_TOKEN_MAX_LENGTH = 500;

/** PATCH /api/users/me: bio, and a built-in avatar (`avatar-1`…`avatar-4`) or null to clear the picture. */
export const profileUpdateSchema = z
  .object({
    bio: boundedTrimmedString(BIO_MAX_LENGTH, {
      tooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
    }).optional(),
    profileImage: boundedString(BUILT_IN_AVATAR_ID_MAX_LENGTH, { tooLong: BUILT_IN_AVATAR_MESSAGE })
      .regex(/^avatar-[1-4]$/, BUILT_IN_AVATAR_MESSAGE)
      .nullable()
      .optional(),
    bannerImage: z.null().optional(),
    /** Issue #15: "Show sensitive images in direct messages". */
    showSensitiveImages: z.boolean().optional(),
    /** Issue #39: the site's language, from the top bar or Settings. */
    locale: z.enum(LANGUAGE_CODES, { message: LANGUAGE_UNKNOWN }).optional(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** A reset link that is malformed, used or expired. */
export const RESET_LINK_INVALID_MESSAGE = "This link is invalid or has expired. Please request a new one.";

export const resetPasswordSchema = z.object({
  // Better Auth's tokens are URL-safe; anything else cannot be one (and never reaches the database).
  token: boundedString(RESET_TOKEN_MAX_LENGTH, { tooLong: RESET_LINK_INVALID_MESSAGE }).regex(
    /^[A-Za-z0-9_-]+$/,
    RESET_LINK_INVALID_MESSAGE,
  ),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Longest verification token read (Better Auth's signed JWTs are a few hundred characters). */
export const VERIFICATION_TOKEN_MAX_LENGTH = 2_000;

/** The e-mailed verification link's query; a token that cannot be one never reaches the verifier. */
export const verifyEmailQuerySchema = z.object({
  token: boundedString(VERIFICATION_TOKEN_MAX_LENGTH, { tooLong: RESET_LINK_INVALID_MESSAGE }).regex(
    /^[A-Za-z0-9_.-]+$/,
    RESET_LINK_INVALID_MESSAGE,
  ),
});

export const changePasswordSchema = z.object({
  currentPassword: boundedString(PASSWORD_MAX_LENGTH, { tooLong: M.passwordTooLong }).min(
    1,
    M.passwordRequired,
  ),
  newPassword: signUpPasswordSchema,
  /** Accepted for older clients and ignored: a change always ends every other session (issue #33). */
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * `for`: `sign-up` (the default) ignores names held by guests whose sessions have all ended, since
 * sign-up frees those (spec §4 Sign-up (b) as ARCHITECTURE §9.7 narrows it); a guest still signed in
 * keeps its name. `guest` counts every account. The signed-in user's own name always reads available
 * (spec §5: the check is skipped when a guest upgrades with the same username).
 */
export const checkUsernameQuerySchema = z.object({
  username: boundedString(100).min(1),
  for: z.enum(["sign-up", "guest"]).optional(),
});

export const resendVerificationSchema = z.object({ email: emailSchema.optional() });

/**
 * The server's upload checks beyond spec §5's two texts (ARCHITECTURE §2: magic bytes, a pixel limit
 * read from the header before decoding). spec §5's own texts are `VALIDATION_MESSAGES.upload*`.
 */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/**
 * An animated GIF is decoded and re-encoded frame by frame, and AutoMod screens every frame (issue
 * #33): at most this many frames… (ADR 0016: what a frame and a pixel cost here)
 */
export const MAX_GIF_FRAMES = 60;
/** …and at most this many pixels over all its frames (width × height × frames), read before decoding. */
export const MAX_GIF_TOTAL_PIXELS = 20_000_000;
export const UPLOAD_SERVER_MESSAGES = {
  missingFile: "Choose an image file to upload.",
  tooManyPixels: "Image dimensions are too large. Please use an image of at most 40 megapixels.",
  unreadable: "The image could not be read. Please try another file.",
  tooManyUploads: "Too many uploads. Please try again later.",
  tooManyFrames: `Animated images can have at most ${MAX_GIF_FRAMES} frames.`,
  animationTooLarge: `This GIF is too large. Please use a GIF of at most ${MAX_GIF_TOTAL_PIXELS / 1_000_000} megapixels over all frames (width × height × frames).`,
  /** The server's image queue is full, or the upload waited too long for its turn (issue #33). */
  imagesBusy: "The server is busy with other pictures. Please try again in a moment.",
  /** One image ran past the pipeline's time limit. */
  imageTooSlow: "This image takes too long to process. Please use a smaller or simpler one.",
} as const;

import { usernameSchema } from "@heartline/shared";
import { type BetterAuthRateLimitOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { admin, anonymous, username } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config";
import type { Database } from "../db/create-database";
import { account, session, user, verification } from "../db/schema";
import { testPasswordHash } from "./test-password-hash";
import { createVisitorId } from "./visitor-id";

export const AUTH_BASE_PATH = "/api/auth";
/** spec §5 Username: at least 3, at most 20 (exactly 20 passes). */
const USERNAME_MIN = 3;
const USERNAME_MAX = 20;

/** spec §5 Password minimum; Better Auth's own default (8) would refuse valid spec passwords. */
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;
/** Verification and reset links stay valid for one hour (the e-mails say so). */
export const LINK_TTL_SECONDS = 60 * 60;

/** What Better Auth tells the rest of the app; wired in `plugins/auth.ts` (mail, sockets, admins). */
export interface AuthEvents {
  /** The verification e-mail of a new sign-up: `token` goes into the product's own link (ADR 0017). */
  sendVerificationEmail(recipient: AuthUserLike, token: string): Promise<void>;
  sendPasswordReset(recipient: AuthUserLike, token: string): Promise<void>;
  /**
   * After a password reset ended every session of the user (their sockets close too). The reset link
   * proves the mailbox and sets the password in one step: where `ADMIN_EMAILS` promotes (ADR 0017).
   */
  passwordReset(userId: string): Promise<void>;
  /** After an admin changed someone's role through the admin plugin. */
  roleChanged(userId: string): Promise<void>;
  /**
   * A guest's browser signed in as someone else: the guest is left behind. Better Auth's own clean-up
   * is off; the product deletes it like any account (spec §4).
   */
  guestReplaced(guestId: string): Promise<void>;
}

export interface AuthUserLike {
  id: string;
  email: string;
  name: string;
}

export interface CreateAuthOptions {
  config: Pick<AppConfig, "authSecret" | "publicUrl" | "allowedOrigins"> &
    Partial<Pick<AppConfig, "testFastPasswordHash">>;
  db: Database;
  log: FastifyBaseLogger;
  events?: AuthEvents;
  /** Where Better Auth's own limiter counts (shared by every node); in this process when omitted. */
  rateLimitStorage?: NonNullable<BetterAuthRateLimitOptions["customStorage"]>;
}

/**
 * The header through which the app hands Better Auth the client address it resolved itself
 * (`request.ip`, which honours TRUST_PROXY); any value a client sends under this name is replaced.
 */
export const CLIENT_IP_HEADER = "x-heartline-client-ip";

/**
 * Better Auth for accounts (ARCHITECTURE §2, §4; spec §4 Authentication): e-mail + password with
 * verification required, anonymous guests, usernames, admin roles and bans. Sessions live in
 * HttpOnly cookies.
 */
export function createAuth({
  config,
  db,
  log,
  events = logOnlyEvents(log),
  rateLimitStorage,
}: CreateAuthOptions) {
  return betterAuth({
    appName: "Heartline",
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: config.allowedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    // The machine has no business phoning home, and may have no internet at all.
    telemetry: { enabled: false },
    // Better Auth's messages go through the app's logger (silent in tests, JSON in production).
    logger: {
      log: (level, message, ...args) => {
        log[level]({ args: args.length > 0 ? args : undefined }, `[better-auth] ${message}`);
      },
    },
    // The library's limiter is on in every mode (its default is production only), on shared storage,
    // keyed by the address the app resolved (issue #10 hole 3).
    rateLimit: { enabled: true, ...(rateLimitStorage ? { customStorage: rateLimitStorage } : {}) },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its Origin/CSRF check under NODE_ENV=test; tests must see production rules.
      disableOriginCheck: false,
      // spec §5 User id format: 20–28 alphanumerics; the same shape as a visitor id.
      // Native joins: `getSession` reads the session and its user in one statement, not two (issue #16,
      // bench B4: every signed-in request and socket handshake pays it); relations in `db/schema/auth.ts`.
      database: { generateId: () => createVisitorId(), joins: true },
    },
    // spec §4 Authentication: authenticated means a verified e-mail. An unverified user may still
    // sign in (to see 'Verify Your Email', resend and poll); guards check emailVerified (ADR 0005).
    // Its password is not trusted until the address is proven (ADR 0017).
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Tests only: a token hash cost (`TEST_FAST_PASSWORD_HASH=1`, refused in production).
      ...(config.testFastPasswordHash ? { password: testPasswordHash } : {}),
      resetPasswordTokenExpiresIn: LINK_TTL_SECONDS,
      // A reset ends every session: whoever knew the old password is signed out.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: recipient, token }) => events.sendPasswordReset(recipient, token),
      onPasswordReset: async ({ user: recipient }) => events.passwordReset(recipient.id),
    },
    // Better Auth mails the sign-up's link; the link itself is the product's route, which decides who
    // stays signed in (ADR 0017). Its `/verify-email` is not reachable (`auth-allow-list.ts`), and would
    // sign nobody in if it were.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user: recipient, token }) =>
        events.sendVerificationEmail(recipient, token),
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        // Admin status is pushed live (spec §6 adminStatusChanged); the admin plugin changes roles here.
        if (ctx.path !== "/admin/set-role" || ctx.context.returned instanceof Error) return;
        const userId: unknown = ctx.body?.userId;
        if (typeof userId === "string") await events.roleChanged(userId);
      }),
    },
    user: {
      additionalFields: {
        // Written by the product's own use cases after their checks (18+ gate, spec §5), never taken
        // from a request Better Auth parses (issue #10 hole 3).
        dob: { type: "string", required: false, input: false },
        gender: { type: "string", required: false, input: false },
        isGuest: { type: "boolean", required: false, defaultValue: false, input: false },
        bio: { type: "string", required: false, input: false },
        profileImage: { type: "string", required: false, input: false },
        profileImagePath: { type: "string", required: false, input: false, returned: false },
        bannerImage: { type: "string", required: false, input: false },
        bannerImagePath: { type: "string", required: false, input: false, returned: false },
        isDeleted: { type: "boolean", required: false, defaultValue: false, input: false },
        conversionAttempts: { type: "number", required: false, defaultValue: 0, input: false },
        conversionRequestedAt: { type: "date", required: false, input: false },
        conversionCompletedAt: { type: "date", required: false, input: false },
        lastActive: { type: "date", required: false, input: false },
        usernameLower: { type: "string", required: false, input: false },
        // Issue #15: set by the profile update only (`PATCH /api/users/me`).
        showSensitiveImages: { type: "boolean", required: false, defaultValue: false, input: false },
        // Issue #39: set by the profile update only (`PATCH /api/users/me`).
        locale: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        // spec §5: usernames are unique case-insensitively, kept in username_lower.
        create: { before: async (data) => ({ data: withUsernameLower(data) }) },
        update: { before: async (data) => ({ data: withUsernameLower(data) }) },
      },
    },
    plugins: [
      anonymous({
        // Better Auth's clean-up would drop the row only: files stay public, no tombstone, no
        // `user_deleted`, sockets open. The product's deletion runs instead.
        disableDeleteAnonymousUser: true,
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          if (newUser.user.id !== anonymousUser.user.id) await events.guestReplaced(anonymousUser.user.id);
        },
      }),
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: (value) => usernameSchema.safeParse(value).success,
      }),
      admin(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

function logOnlyEvents(log: FastifyBaseLogger): AuthEvents {
  return {
    // Never the link: it carries a token that signs its holder in.
    sendVerificationEmail: async (recipient) =>
      log.info({ userId: recipient.id }, "e-mail verification link requested"),
    sendPasswordReset: async (recipient) => log.info({ userId: recipient.id }, "password reset requested"),
    passwordReset: async () => undefined,
    roleChanged: async () => undefined,
    guestReplaced: async () => undefined,
  };
}

function withUsernameLower<T extends Record<string, unknown>>(data: T): T {
  const name = data.username;
  return typeof name === "string" ? { ...data, usernameLower: name.toLowerCase() } : data;
}

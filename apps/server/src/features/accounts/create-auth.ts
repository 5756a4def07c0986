import { usernameSchema } from "@heartline/shared";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, anonymous, username } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/create-database";
import { account, session, user, verification } from "../../db/schema";
import { createVisitorId } from "./visitor-id";

export const AUTH_BASE_PATH = "/api/auth";
/** spec §5 Username: at least 3, at most 20 (exactly 20 passes). */
const USERNAME_MIN = 3;
const USERNAME_MAX = 20;

export interface CreateAuthOptions {
  config: Pick<AppConfig, "authSecret" | "publicUrl" | "allowedOrigins">;
  db: Database;
  log: FastifyBaseLogger;
}

/**
 * Better Auth for accounts (ARCHITECTURE §2, §4; spec §4 Authentication): e-mail + password with
 * verification required, anonymous guests, usernames, admin roles and bans. Sessions live in
 * HttpOnly cookies.
 */
export function createAuth({ config, db, log }: CreateAuthOptions) {
  return betterAuth({
    appName: "Heartline",
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: config.allowedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    // The machine has no business phoning home, and may have no internet at all.
    telemetry: { enabled: false },
    advanced: {
      // Better Auth skips its Origin/CSRF check under NODE_ENV=test; tests must see production rules.
      disableOriginCheck: false,
      // spec §5 User id format: 20–28 alphanumerics; the same shape as a visitor id.
      database: { generateId: () => createVisitorId() },
    },
    // spec §4 Authentication: authenticated means a verified e-mail.
    emailAndPassword: { enabled: true, requireEmailVerification: true },
    emailVerification: {
      sendOnSignUp: true,
      // Mail delivery (the outbox) comes with the accounts issue; until then the link is logged.
      sendVerificationEmail: async ({ user: recipient, url }) => {
        log.info({ userId: recipient.id, url }, "e-mail verification link");
      },
    },
    user: {
      additionalFields: {
        dob: { type: "string", required: false },
        gender: { type: "string", required: false },
        isGuest: { type: "boolean", required: false, defaultValue: false, input: false },
        bio: { type: "string", required: false },
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
      anonymous(),
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

function withUsernameLower<T extends Record<string, unknown>>(data: T): T {
  const name = data.username;
  return typeof name === "string" ? { ...data, usernameLower: name.toLowerCase() } : data;
}

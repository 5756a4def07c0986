import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { usernameSkeletonSql } from "./username-skeleton-sql";

/**
 * Better Auth's four tables (ARCHITECTURE §4). The JS keys are Better Auth's field names (the drizzle
 * adapter maps by key), the columns are snake_case. The user row carries the spec's extra fields
 * (spec §3 User) and the fields of the anonymous, username and admin plugins.
 */
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // username plugin: `username` is its normalised (lower-case) unique key, `displayUsername` as typed.
    username: text("username").unique(),
    displayUsername: text("display_username"),
    // spec §5: uniqueness is checked case-insensitively via username_lowercase.
    usernameLower: text("username_lower").unique(),
    // spec §3: an ISO string for a guest, a date for others; both fit an ISO `YYYY-MM-DD` text.
    dob: text("dob"),
    gender: text("gender"),
    isGuest: boolean("is_guest").notNull().default(false),
    // anonymous plugin
    isAnonymous: boolean("is_anonymous").default(false),
    bio: text("bio"),
    profileImage: text("profile_image"),
    profileImagePath: text("profile_image_path"),
    bannerImage: text("banner_image"),
    bannerImagePath: text("banner_image_path"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    conversionAttempts: integer("conversion_attempts").notNull().default(0),
    conversionRequestedAt: timestamp("conversion_requested_at", { withTimezone: true }),
    conversionCompletedAt: timestamp("conversion_completed_at", { withTimezone: true }),
    lastActive: timestamp("last_active", { withTimezone: true }),
    /** Issue #15: a blurred direct-message image offers "Show image" (off by default). */
    showSensitiveImages: boolean("show_sensitive_images").notNull().default(false),
    /** Issue #39: the site's language the user chose (one of LANGUAGE_CODES), or null: the browser's. */
    locale: text("locale"),
    // admin plugin
    role: text("role"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
  },
  (table) => [
    // spec §5 Username: a display name is the user's own username as typed (same letters, any case),
    // 3-20 letters, digits, '_' or '-'. Enforced here because Better Auth's update-user can set it too:
    // nobody can show someone else's name or a megabyte on every message.
    check(
      "user_display_username_check",
      sql`${table.displayUsername} is null or (${table.username} is not null and ${table.displayUsername} ~ '^[A-Za-z0-9_-]{3,20}$' and lower(${table.displayUsername}) = ${table.username})`,
    ),
    // Issue #14: the look-alike check (features/accounts/username-taken.ts) reads by this skeleton.
    index("user_username_skeleton_idx").on(usernameSkeletonSql(table.usernameLower)),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // admin plugin
    impersonatedBy: text("impersonated_by"),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

/**
 * The relations Better Auth's native joins read (`advanced.database.joins` in `auth/create-auth.ts`): a
 * session with its user in one statement, which every signed-in request and socket handshake reads
 * (was two, bench B4). The names are those of Better Auth's generated Drizzle schema.
 */
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

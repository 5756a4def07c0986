import { SERVER_MESSAGES, usernameSkeleton, VALIDATION_MESSAGES } from "@heartline/shared";
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";
import { usernameSkeletonSql } from "../../db/schema/username-skeleton-sql";
import { AppError } from "../../errors/app-error";

export interface UsernameTakenOptions {
  db: Database;
  username: string;
  /** The user asking (a guest keeping its own name is not a clash). */
  exceptUserId?: string;
  /** spec §4 Sign-up (b): a guest holding the name will be removed, so it does not count. */
  ignoreGuests?: boolean;
}

/** The user row holding `username`, case-insensitively (spec §5): username_lower, or the plugin's key. */
export function usernameMatches(username: string) {
  const lower = username.toLowerCase();
  return or(eq(user.usernameLower, lower), eq(user.username, lower));
}

/** spec §5 Username: unique case-insensitively, checked against username_lower. */
export async function isUsernameTaken({ db, username, exceptUserId, ignoreGuests }: UsernameTakenOptions) {
  const conditions = [usernameMatches(username)];
  if (exceptUserId) conditions.push(ne(user.id, exceptUserId));
  if (ignoreGuests) conditions.push(and(eq(user.isGuest, false), ne(user.isAnonymous, true)));
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/**
 * Issue #14: another live account whose name reads like `username` ('j0hn_doe' beside 'John-Doe')
 * while not being the same name (the same name is `isUsernameTaken`'s answer). Deleted accounts and
 * the asking user do not count.
 */
export async function isLookAlikeTaken({
  db,
  username,
  exceptUserId,
}: Pick<UsernameTakenOptions, "db" | "username" | "exceptUserId">): Promise<boolean> {
  const conditions = [
    sql`${usernameSkeletonSql(user.usernameLower)} = ${usernameSkeleton(username)}`,
    ne(user.usernameLower, username.toLowerCase()),
    eq(user.isDeleted, false),
  ];
  if (exceptUserId) conditions.push(ne(user.id, exceptUserId));
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Why `username` cannot be taken (the same name, or one that reads like another's), or null. */
export async function usernameRefusal(options: UsernameTakenOptions): Promise<string | null> {
  if (await isUsernameTaken(options)) return SERVER_MESSAGES.usernameTaken;
  if (await isLookAlikeTaken(options)) return VALIDATION_MESSAGES.usernameLookAlike;
  return null;
}

/** Guest creation, sign-up and upgrade: 409 `conflict` with the reason when the name cannot be had. */
export async function assertUsernameFree(options: UsernameTakenOptions): Promise<void> {
  const refusal = await usernameRefusal(options);
  if (refusal) throw new AppError("conflict", refusal);
}

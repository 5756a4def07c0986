import { SERVER_MESSAGES, usernameSkeleton, VALIDATION_MESSAGES } from "@heartline/shared";
import { and, eq, gt, ne, not, or, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { heldUsernames, session, user } from "../../db/schema";
import { usernameSkeletonSql } from "../../db/schema/username-skeleton-sql";
import { AppError } from "../../errors/app-error";

export interface UsernameTakenOptions {
  db: Database;
  username: string;
  /** The user asking (a guest keeping its own name is not a clash). */
  exceptUserId?: string;
  /**
   * spec §4 Sign-up (b) as ARCHITECTURE §9.7 narrows it: a guest whose sessions have all ended will be
   * removed, so it does not count; a guest still signed in keeps its name.
   */
  ignoreEndedGuests?: boolean;
  /** The moment a deleted name's hold is compared with (default `Date.now`; tests move it). */
  now?: number;
}

/** The user row holding `username`, case-insensitively (spec §5): username_lower, or the plugin's key. */
export function usernameMatches(username: string) {
  const lower = username.toLowerCase();
  return or(eq(user.usernameLower, lower), eq(user.username, lower));
}

/**
 * A guest (or anonymous Better Auth user) with no session left that has not expired: nobody can come
 * back to it, so its name may go to someone else's sign-up (ARCHITECTURE §9.7).
 */
export function isEndedGuest() {
  return sql`((${user.isGuest} or coalesce(${user.isAnonymous}, false)) and not exists (select 1 from ${session} where ${session.userId} = ${user.id} and ${session.expiresAt} > now()))`;
}

/**
 * spec §5 Username: unique case-insensitively, checked against username_lower; issue #38: a deleted
 * account's name held (`held-names.ts`) counts as taken. One statement reads both, so it sees one
 * snapshot: a deletion committing in between cannot show the name as neither an account's nor held.
 */
export async function isUsernameTaken({
  db,
  username,
  exceptUserId,
  ignoreEndedGuests,
  now = Date.now(),
}: UsernameTakenOptions) {
  const conditions = [usernameMatches(username)];
  if (exceptUserId) conditions.push(ne(user.id, exceptUserId));
  if (ignoreEndedGuests) conditions.push(not(isEndedGuest()));
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(...conditions))
    .unionAll(
      db
        .select({ id: heldUsernames.usernameLower })
        .from(heldUsernames)
        .where(
          and(
            eq(heldUsernames.usernameLower, username.toLowerCase()),
            gt(heldUsernames.heldUntil, new Date(now)),
          ),
        ),
    )
    .limit(1);
  return rows.length > 0;
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

import { and, eq, ne, or } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";

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

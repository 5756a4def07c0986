import { type AccountUser, isLanguageCode } from "@heartline/shared";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";
import { isGender, type UserRow } from "../../social/index";

export { isGender, type UserRow };

/** The user row as the app holds it (spec §3 "Auth user as held in the app"); dates as epoch ms. */
export function toAccountUser(row: UserRow): AccountUser {
  return {
    id: row.id,
    // A guest has a placeholder e-mail from the anonymous plugin until it asks to link a real one.
    email: row.isAnonymous && row.conversionRequestedAt === null ? null : row.email,
    username: row.displayUsername || row.username || row.name,
    isGuest: row.isGuest || row.isAnonymous === true,
    emailVerified: row.emailVerified,
    dob: row.dob,
    gender: isGender(row.gender) ? row.gender : null,
    profileImage: row.profileImage,
    bannerImage: row.bannerImage,
    bio: row.bio,
    isAdmin: row.role === "admin",
    conversionAttempts: row.conversionAttempts,
    conversionRequestedAt: row.conversionRequestedAt?.getTime() ?? null,
    conversionCompletedAt: row.conversionCompletedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    showSensitiveImages: row.showSensitiveImages,
    locale: isLanguageCode(row.locale) ? row.locale : null,
  };
}

/** The name people see: as typed at sign-up, else the plugin's key, else Better Auth's name. */
export function displayName(row: Pick<UserRow, "displayUsername" | "username" | "name">): string {
  return row.displayUsername || row.username || row.name;
}

/** `displayName` in SQL, for conditions on the user row. */
export const displayNameSql = sql<string>`coalesce(nullif(${user.displayUsername}, ''), nullif(${user.username}, ''), ${user.name})`;

/** Better Auth's admin plugin keeps roles as a comma-separated list. */
export function hasAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((entry) => entry.trim() === "admin");
}

/** A user who exists and is not deleted. */
export async function findUserById(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  return row && !row.isDeleted ? row : undefined;
}

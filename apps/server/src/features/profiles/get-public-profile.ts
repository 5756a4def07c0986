import { DISPLAY_NAME_FALLBACKS, type PublicProfile, userDoesNotExistMessage } from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { deletedUsers, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { publicName } from "../../social/index";
import { toAccountUser } from "../accounts/index";
import { highestStreakBadge } from "../streaks/index";

/**
 * GET /api/users/:id. A deleted account answers 200 with `isDeleted: true`, username 'Deleted User'
 * and nothing else about the person (spec §4: partners see 'Deleted User'; spec §5 tells "deleted"
 * from "does not exist"); an id that never existed is 404. No e-mail, no date of birth.
 */
export interface GetPublicProfileOptions {
  db: Database;
  id: string;
  /** spec §3 friend count, from the friends feature (injected by the composition root). */
  countFriends: (userId: string) => Promise<number>;
}

export async function getPublicProfile({
  db,
  id,
  countFriends,
}: GetPublicProfileOptions): Promise<PublicProfile> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (row && !row.isDeleted) {
    const account = toAccountUser(row);
    // Guests have no friends, so no streaks: no query for them (issue #12: registered users' badge).
    const [friendCount, highestBadge] = await Promise.all([
      countFriends(row.id),
      account.isGuest ? null : highestStreakBadge(db, row.id),
    ]);
    return {
      id: row.id,
      // Validated like a username (spec §5): never another's name or an oversized one.
      username: publicName(row),
      gender: account.gender,
      profileImage: row.profileImage,
      bannerImage: row.bannerImage,
      bio: row.bio,
      isGuest: account.isGuest,
      isDeleted: false,
      isAdmin: account.isAdmin,
      createdAt: row.createdAt.getTime(),
      lastActive: row.lastActive?.getTime() ?? null,
      friendCount,
      highestBadge,
    };
  }
  const [tombstone] = row ? [row] : await db.select().from(deletedUsers).where(eq(deletedUsers.id, id));
  if (!tombstone) throw new AppError("not_found", userDoesNotExistMessage(id));
  return deletedProfile(id);
}

export function deletedProfile(id: string): PublicProfile {
  return {
    id,
    username: DISPLAY_NAME_FALLBACKS.deletedUser,
    gender: null,
    profileImage: null,
    bannerImage: null,
    bio: null,
    isGuest: false,
    isDeleted: true,
    isAdmin: false,
    // Unknown once the account is gone; clients show 'Deleted User' and no dates when isDeleted.
    createdAt: 0,
    lastActive: null,
  };
}

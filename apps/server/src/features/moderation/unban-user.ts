import { desc, eq } from "drizzle-orm";
import { bannedUsers } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import { publicName } from "../../social/index";
import type { UserRow } from "../accounts/index";
import { pushBannedList } from "./ban-user";
import type { ModerationDeps } from "./moderation-deps";

export interface UnbanUserOptions {
  deps: ModerationDeps;
  admin: UserRow;
  /** The banned user's id (the admin's list), or the username an admin typed (spec §5). */
  target: { userId: string } | { username: string };
}

/**
 * spec §4 Bans: unban one user, by id or by username (case-insensitive); the user's sockets get
 * `user_unbanned` naming the admin, and admins get the new list. Unbanning someone who is not banned
 * changes nothing.
 */
export async function unbanUser({ deps, admin, target }: UnbanUserOptions): Promise<{ removed: boolean }> {
  const userId = "userId" in target ? target.userId : await bannedIdByUsername(deps, target.username);
  if (!userId) return { removed: false };
  const [removed] = await deps.db.delete(bannedUsers).where(eq(bannedUsers.userId, userId)).returning();
  if (!removed) return { removed: false };
  await deps.standingChanged();
  deps.io.to(userRoom(removed.userId)).emit("user_unbanned", {
    username: removed.username,
    unbannedBy: publicName(admin),
    userId: removed.userId,
  });
  await pushBannedList(deps);
  return { removed: true };
}

/** The one ban a typed name means: the newest of that username (a ban is per user id). */
async function bannedIdByUsername(deps: ModerationDeps, username: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ userId: bannedUsers.userId })
    .from(bannedUsers)
    .where(eq(bannedUsers.usernameLower, username.trim().toLowerCase()))
    .orderBy(desc(bannedUsers.bannedAt))
    .limit(1);
  return row?.userId;
}

import { eq } from "drizzle-orm";
import { bannedUsers } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import type { UserRow } from "../accounts/index";
import { publicName } from "../profiles/index";
import { pushBannedList } from "./ban-user";
import type { ModerationDeps } from "./moderation-deps";

export interface UnbanUserOptions {
  deps: ModerationDeps;
  admin: UserRow;
  username: string;
}

/**
 * spec §4 Bans: unban by username (case-insensitive); the user's sockets get `user_unbanned` naming the
 * admin, and admins get the new list. Unbanning someone who is not banned changes nothing.
 */
export async function unbanUser({ deps, admin, username }: UnbanUserOptions): Promise<{ removed: boolean }> {
  const [removed] = await deps.db
    .delete(bannedUsers)
    .where(eq(bannedUsers.usernameLower, username.trim().toLowerCase()))
    .returning();
  if (!removed) return { removed: false };
  deps.io.to(userRoom(removed.userId)).emit("user_unbanned", {
    username: removed.username,
    unbannedBy: publicName(admin),
    userId: removed.userId,
  });
  await pushBannedList(deps);
  return { removed: true };
}

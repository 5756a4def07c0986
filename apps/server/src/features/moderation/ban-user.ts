import {
  BANNED_LIST_LIMIT,
  type BannedUserRecord,
  type BanUserInput,
  GROUP_ERROR_MESSAGES,
} from "@heartline/shared";
import { desc, eq } from "drizzle-orm";
import { bannedUsers, user, userDevices } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { ADMINS_ROOM, userRoom } from "../../realtime/rooms";
import { publicName } from "../../social/index";
import { findUserById, type UserRow, usernameMatches } from "../accounts/index";
import type { ModerationDeps } from "./moderation-deps";

type BanRow = typeof bannedUsers.$inferSelect;

export function toBannedUserRecord(row: BanRow): BannedUserRecord {
  return {
    username: row.username,
    userId: row.userId,
    bannedBy: row.bannedBy,
    bannedAt: row.bannedAt.getTime(),
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

/** spec §6, §9: the banned list as admins see it, the latest 50 by `bannedAt`. */
export async function listBans(deps: Pick<ModerationDeps, "db">): Promise<BannedUserRecord[]> {
  const rows = await deps.db
    .select()
    .from(bannedUsers)
    .orderBy(desc(bannedUsers.bannedAt))
    .limit(BANNED_LIST_LIMIT);
  return rows.map(toBannedUserRecord);
}

/** A user by username, case-insensitively (spec §5): only for an admin typing a name. */
export async function findUserByUsername({
  deps,
  username,
}: {
  deps: Pick<ModerationDeps, "db">;
  username: string;
}) {
  const [row] = await deps.db.select().from(user).where(usernameMatches(username.trim())).limit(1);
  if (!row || row.isDeleted) throw new AppError("not_found", GROUP_ERROR_MESSAGES.userNotFound);
  return row;
}

/** The user a ban or mute acts on: by id (reports, lists), or by the username an admin typed. */
export async function findModerationTarget({
  deps,
  input,
}: {
  deps: Pick<ModerationDeps, "db">;
  input: { userId?: string | undefined; username?: string | undefined };
}): Promise<UserRow> {
  if (input.userId !== undefined) {
    const row = await findUserById(deps.db, input.userId);
    if (!row) throw new AppError("not_found", GROUP_ERROR_MESSAGES.userNotFound);
    return row;
  }
  return findUserByUsername({ deps, username: input.username ?? "" });
}

export async function pushBannedList(deps: ModerationDeps): Promise<void> {
  deps.io.to(ADMINS_ROOM).emit("banned_users_updated", await listBans(deps));
}

export interface BanUserOptions {
  deps: ModerationDeps;
  admin: UserRow;
  input: BanUserInput;
}

/**
 * spec §4 Bans: store the ban with the browsers the user was seen with, tell the user (`user_banned`),
 * take every one of their sockets out of the group on every node, and refresh the admins' list.
 * Banning someone already banned does nothing.
 */
export async function banUser({ deps, admin, input }: BanUserOptions) {
  const target = await findModerationTarget({ deps, input });
  if (target.id === admin.id) throw new AppError("bad_request", GROUP_ERROR_MESSAGES.cannotModerateSelf);
  const [existing] = await deps.db.select().from(bannedUsers).where(eq(bannedUsers.userId, target.id));
  if (existing) return { ban: toBannedUserRecord(existing), created: false };

  const deviceIds = await seenDevices(deps, target.id);
  const bannedBy = publicName(admin);
  const username = publicName(target);
  const [inserted] = await deps.db
    .insert(bannedUsers)
    .values({
      userId: target.id,
      // The username key, for the spec §5 lookup of an admin typing a name (unban); someone without a
      // username gets a key no typed name matches ('#' is not in a username), so they are unbanned by id.
      usernameLower: target.username?.toLowerCase() ?? `#${target.id}`,
      username,
      bannedBy,
      reason: input.reason || null,
      deviceIds,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // Another admin banned them in the meantime: same outcome, nothing more to do.
    const [row] = await deps.db.select().from(bannedUsers).where(eq(bannedUsers.userId, target.id));
    if (!row) throw new AppError("conflict");
    return { ban: toBannedUserRecord(row), created: false };
  }

  await deps.standingChanged();
  deps.io.to(userRoom(target.id)).emit("user_banned", { username, userId: target.id, bannedBy });
  // The group chat takes them and every socket of their browsers out of the room on every node (it
  // listens; moderation does not reach in).
  deps.notifyBanned({ userId: target.id, username, bannedBy, deviceIds });
  await pushBannedList(deps);
  return { ban: toBannedUserRecord(inserted), created: true };
}

/** The browsers this user was seen with: stored ones plus those of their sockets right now (any node). */
async function seenDevices(deps: ModerationDeps, userId: string): Promise<string[]> {
  const stored = await deps.db
    .select({ deviceId: userDevices.deviceId })
    .from(userDevices)
    .where(eq(userDevices.userId, userId));
  const live = await deps.io.in(userRoom(userId)).fetchSockets();
  const ids = new Set(stored.map((row) => row.deviceId));
  for (const socket of live) if (socket.data.deviceId) ids.add(socket.data.deviceId);
  return [...ids];
}

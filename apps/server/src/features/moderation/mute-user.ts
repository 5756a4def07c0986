import {
  type AdminMuteRecord,
  AUTOMOD_REPORTER_NAME,
  GROUP_ERROR_MESSAGES,
  MODERATION_LIST_LIMIT,
  type MuteUserInput,
} from "@heartline/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import { mutedUsers } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { ADMINS_ROOM, userRoom } from "../../realtime/rooms";
import { publicName } from "../../social/index";
import { findUserById, hasAdminRole, type UserRow } from "../accounts/index";
import { findModerationTarget } from "./ban-user";
import { listMutedUsers, muteIsActive } from "./moderation-checks";
import type { ModerationDeps } from "./moderation-deps";

type MuteRow = typeof mutedUsers.$inferSelect;

function toAdminMuteRecord(row: MuteRow): AdminMuteRecord {
  return {
    userId: row.userId,
    username: row.username,
    mutedAt: row.mutedAt.getTime(),
    mutedBy: row.mutedBy,
    reason: row.reason,
    expiresAt: row.expiresAt?.getTime() ?? null,
  };
}

export async function listMutesForAdmin(deps: Pick<ModerationDeps, "db">): Promise<AdminMuteRecord[]> {
  const rows = await deps.db
    .select()
    .from(mutedUsers)
    .where(muteIsActive)
    .orderBy(desc(mutedUsers.mutedAt))
    .limit(MODERATION_LIST_LIMIT);
  return rows.map(toAdminMuteRecord);
}

/**
 * The new list goes to the admins only (issue #33; ARCHITECTURE §9.1 drops spec §6's listener for all
 * clients): a name appearing in everyone's list just after a confession went named its author. The
 * server enforces a mute; the muted user hears of it by `user_muted`, as in Discord.
 */
export async function pushMutedList(deps: ModerationDeps): Promise<void> {
  deps.io.to(ADMINS_ROOM).emit("muted_users_updated", await listMutedUsers(deps.db));
}

export interface MuteUserOptions {
  deps: ModerationDeps;
  admin: UserRow;
  input: MuteUserInput;
}

interface NewMute {
  target: UserRow;
  mutedBy: string;
  reason: string | null;
  /** A short automatic mute's length; none for a mute that lasts until an admin lifts it. */
  minutes?: number;
}

/**
 * Stores a mute unless one is in force (muting again does nothing). A row whose short automatic mute
 * is over is replaced; the end is computed by the database, the clock `findMute` compares with.
 */
async function storeMute(deps: ModerationDeps, mute: NewMute) {
  const values = {
    userId: mute.target.id,
    username: publicName(mute.target),
    mutedAt: sql`now()`,
    mutedBy: mute.mutedBy,
    reason: mute.reason,
    expiresAt: mute.minutes ? sql`now() + make_interval(mins => ${mute.minutes}::int)` : null,
  };
  const [stored] = await deps.db
    .insert(mutedUsers)
    .values(values)
    .onConflictDoUpdate({
      target: mutedUsers.userId,
      set: values,
      setWhere: sql`${mutedUsers.expiresAt} is not null and ${mutedUsers.expiresAt} <= now()`,
    })
    .returning();
  if (!stored) {
    const [existing] = await deps.db
      .select()
      .from(mutedUsers)
      .where(and(eq(mutedUsers.userId, mute.target.id), muteIsActive));
    if (!existing) throw new AppError("conflict");
    return { mute: toAdminMuteRecord(existing), created: false };
  }
  const record = toAdminMuteRecord(stored);
  await deps.standingChanged();
  deps.io.to(userRoom(mute.target.id)).emit("user_muted", record);
  await pushMutedList(deps);
  return { mute: record, created: true };
}

/** spec §3 Muted user: a muted user cannot post and sees why; muting again does nothing. */
export async function muteUser({ deps, admin, input }: MuteUserOptions) {
  const target = await findModerationTarget({ deps, input });
  if (target.id === admin.id) throw new AppError("bad_request", GROUP_ERROR_MESSAGES.cannotModerateSelf);
  return storeMute(deps, { target, mutedBy: publicName(admin), reason: input.reason || null });
}

/**
 * AutoMod's short mute after repeated hits (issue #15): minutes, never a ban, shown to the user with
 * its end and listed for the admins (author "AutoMod"), who lift it like any mute. Admins are exempt
 * (Discord's exempt roles). Answers whether a new mute was applied.
 */
export async function muteAutomatically(
  deps: ModerationDeps,
  input: { userId: string; reason: string; minutes: number },
): Promise<boolean> {
  const target = await findUserById(deps.db, input.userId);
  if (!target || hasAdminRole(target.role)) return false;
  const result = await storeMute(deps, {
    target,
    mutedBy: AUTOMOD_REPORTER_NAME,
    reason: input.reason,
    minutes: input.minutes,
  });
  return result.created;
}

export async function unmuteUser(options: {
  deps: ModerationDeps;
  admin: UserRow;
  userId: string;
}): Promise<{ removed: boolean }> {
  const { deps, admin, userId } = options;
  const [removed] = await deps.db.delete(mutedUsers).where(eq(mutedUsers.userId, userId)).returning();
  if (!removed) return { removed: false };
  await deps.standingChanged();
  deps.io
    .to(userRoom(userId))
    .emit("user_unmuted", { userId, username: removed.username, unmutedBy: publicName(admin) });
  await pushMutedList(deps);
  return { removed: true };
}

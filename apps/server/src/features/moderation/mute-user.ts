import {
  type AdminMuteRecord,
  GROUP_ERROR_MESSAGES,
  MODERATION_LIST_LIMIT,
  type MuteUserInput,
} from "@heartline/shared";
import { desc, eq } from "drizzle-orm";
import { mutedUsers } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { GROUP_ROOM, userRoom } from "../../realtime/rooms";
import type { UserRow } from "../accounts/index";
import { publicName } from "../profiles/index";
import { findModerationTarget } from "./ban-user";
import { listMutedUsers } from "./moderation-checks";
import type { ModerationDeps } from "./moderation-deps";

type MuteRow = typeof mutedUsers.$inferSelect;

function toAdminMuteRecord(row: MuteRow): AdminMuteRecord {
  return {
    userId: row.userId,
    username: row.username,
    mutedAt: row.mutedAt.getTime(),
    mutedBy: row.mutedBy,
    reason: row.reason,
  };
}

export async function listMutesForAdmin(deps: Pick<ModerationDeps, "db">): Promise<AdminMuteRecord[]> {
  const rows = await deps.db
    .select()
    .from(mutedUsers)
    .orderBy(desc(mutedUsers.mutedAt))
    .limit(MODERATION_LIST_LIMIT);
  return rows.map(toAdminMuteRecord);
}

/** spec §6: muted users are listened to globally, so every group client gets the new list. */
export async function pushMutedList(deps: ModerationDeps): Promise<void> {
  deps.io.to(GROUP_ROOM).emit("muted_users_updated", await listMutedUsers(deps.db));
}

export interface MuteUserOptions {
  deps: ModerationDeps;
  admin: UserRow;
  input: MuteUserInput;
}

/** spec §3 Muted user: a muted user cannot post and sees why; muting again does nothing. */
export async function muteUser({ deps, admin, input }: MuteUserOptions) {
  const target = await findModerationTarget({ deps, input });
  if (target.id === admin.id) throw new AppError("bad_request", GROUP_ERROR_MESSAGES.cannotModerateSelf);
  const [inserted] = await deps.db
    .insert(mutedUsers)
    .values({
      userId: target.id,
      username: publicName(target),
      mutedBy: publicName(admin),
      reason: input.reason || null,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [existing] = await deps.db.select().from(mutedUsers).where(eq(mutedUsers.userId, target.id));
    if (!existing) throw new AppError("conflict");
    return { mute: toAdminMuteRecord(existing), created: false };
  }
  const mute = toAdminMuteRecord(inserted);
  deps.io.to(userRoom(target.id)).emit("user_muted", mute);
  await pushMutedList(deps);
  return { mute, created: true };
}

export async function unmuteUser(options: {
  deps: ModerationDeps;
  admin: UserRow;
  userId: string;
}): Promise<{ removed: boolean }> {
  const { deps, admin, userId } = options;
  const [removed] = await deps.db.delete(mutedUsers).where(eq(mutedUsers.userId, userId)).returning();
  if (!removed) return { removed: false };
  deps.io
    .to(userRoom(userId))
    .emit("user_unmuted", { userId, username: removed.username, unmutedBy: publicName(admin) });
  await pushMutedList(deps);
  return { removed: true };
}

import {
  GROUP_CHAT_MESSAGES,
  GROUP_ERROR_MESSAGES,
  groupChatAccessError,
  mutedMessage,
} from "@heartline/shared";
import { eq, getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { banExists, findMute } from "../moderation/moderation-checks";
import { displayNameSql, type UserRow } from "../moderation/moderation-identity";

export interface GroupAccessSubject {
  userId: string | null;
  deviceId?: string | null | undefined;
}

/**
 * Who may be in the group (spec §2 guard, §5, §6): signed-in guests and verified users, never a visitor
 * or an unverified account, never someone banned by id, name or browser. Read fresh from the database
 * for every check, so a ban or a verification counts at once.
 */
export async function requireGroupMember(db: Database, subject: GroupAccessSubject): Promise<UserRow> {
  if (!subject.userId) throw new AppError("unauthorized", GROUP_ERROR_MESSAGES.signInRequired);
  // The user and their ban in one round trip.
  const [found] = await db
    .select({
      ...getTableColumns(user),
      isBanned: banExists(db, { userId: user.id, username: displayNameSql, deviceId: subject.deviceId }),
    })
    .from(user)
    .where(eq(user.id, subject.userId));
  if (!found || found.isDeleted) throw new AppError("unauthorized", GROUP_ERROR_MESSAGES.signInRequired);
  const { isBanned, ...row } = found;
  const isGuest = row.isGuest || row.isAnonymous === true;
  const accessError = groupChatAccessError({ isGuest, emailVerified: row.emailVerified });
  if (accessError) throw new AppError("forbidden", accessError);
  if (isBanned) throw new AppError("forbidden", GROUP_CHAT_MESSAGES.banned);
  return row;
}

/** spec §4, §6: a muted user cannot post and sees why. */
export async function refuseIfMuted(db: Database, userId: string): Promise<void> {
  const mute = await findMute(db, userId);
  if (mute) throw new AppError("forbidden", mutedMessage(mute.reason));
}

export function isGuestRow(row: UserRow): boolean {
  return row.isGuest || row.isAnonymous === true;
}

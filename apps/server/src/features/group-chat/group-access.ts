import { GROUP_CHAT_MESSAGES, GROUP_ERROR_MESSAGES, groupChatAccessError } from "@heartline/shared";
import { eq, getTableColumns } from "drizzle-orm";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { UserRow } from "../accounts/index";
import type { GroupChatDeps } from "./group-chat-deps";

export interface RequireGroupMemberOptions {
  deps: Pick<GroupChatDeps, "db" | "moderation">;
  userId: string | null;
  deviceId?: string | null | undefined;
}

/**
 * Who may be in the group (spec §2 guard, §5, §6): signed-in guests and verified users, never a visitor
 * or an unverified account, never someone banned by id, name or browser. Read fresh from the database
 * for every check, so a ban or a verification counts at once.
 */
export async function requireGroupMember({
  deps,
  userId,
  deviceId,
}: RequireGroupMemberOptions): Promise<UserRow> {
  if (!userId) throw new AppError("unauthorized", GROUP_ERROR_MESSAGES.signInRequired);
  // The user and their ban in one round trip.
  const [found] = await deps.db
    .select({
      ...getTableColumns(user),
      isBanned: deps.moderation.banCondition({ userId: user.id, deviceId }),
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!found || found.isDeleted) throw new AppError("unauthorized", GROUP_ERROR_MESSAGES.signInRequired);
  const { isBanned, ...row } = found;
  const isGuest = row.isGuest || row.isAnonymous === true;
  const accessError = groupChatAccessError({ isGuest, emailVerified: row.emailVerified });
  if (accessError) throw new AppError("forbidden", accessError);
  if (isBanned) throw new AppError("forbidden", GROUP_CHAT_MESSAGES.banned);
  return row;
}

export function isGuestRow(row: UserRow): boolean {
  return row.isGuest || row.isAnonymous === true;
}

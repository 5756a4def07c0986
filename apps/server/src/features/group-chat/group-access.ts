import { GROUP_CHAT_MESSAGES, GROUP_ERROR_MESSAGES, groupChatAccessError } from "@heartline/shared";
import { eq, getTableColumns } from "drizzle-orm";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { HeartlineSocket } from "../../realtime/types";
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

/**
 * The sender's row as this socket last read it (with `requireGroupMember`: allowed in, not banned then),
 * kept for the socket's life. The group send path reads no user row per message: its insert stores
 * nothing unless the row still matches (`group-message-writer.ts`), and then reads it again.
 */
export async function senderOf(
  deps: Pick<GroupChatDeps, "db" | "moderation" | "senders">,
  socket: HeartlineSocket,
) {
  const known = deps.senders.get(socket);
  if (known?.id === socket.data.userId) return known;
  const { userId, deviceId } = socket.data;
  const row = await requireGroupMember({ deps, userId: socket.data.isVisitor ? null : userId, deviceId });
  deps.senders.set(socket, row);
  return row;
}

export function forgetSender(deps: Pick<GroupChatDeps, "senders">, socket: HeartlineSocket): void {
  deps.senders.delete(socket);
}

import { GENDERS, type Gender, GROUP_CHAT_MESSAGES, type GroupJoinData } from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { ADMINS_ROOM, GROUP_ROOM } from "../../realtime/rooms";
import type { HeartlineSocket } from "../../realtime/types";
import { publicName } from "../../social/index";
import { hasAdminRole } from "../accounts/index";
import { highestStreakBadge } from "../streaks/index";
import { isGuestRow, requireGroupMember } from "./group-access";
import type { GroupChatDeps } from "./group-chat-deps";
import { groupDeviceRoom } from "./group-device-room";
import { joinReads } from "./join-reads";

/**
 * `join_group` (spec §4 Socket, Bans; ARCHITECTURE §5, §7): who may join is decided from the session
 * and the database, never the payload. The socket joins `group`; the ack carries the room as it is now.
 */
export interface JoinGroupOptions {
  deps: GroupChatDeps;
  socket: HeartlineSocket;
}

export async function joinGroup({ deps, socket }: JoinGroupOptions): Promise<GroupJoinData> {
  const { deviceId } = socket.data;
  const userId = socket.data.isVisitor ? null : socket.data.userId;
  // The people list's badge (issue #12), read once per join beside the member check (guests have none).
  const [member, badge] = await Promise.all([
    requireGroupMember({ deps, userId, deviceId }),
    userId && !socket.data.isGuest ? highestStreakBadge(deps.db, userId) : null,
  ]);
  const wasInGroup = socket.rooms.has(GROUP_ROOM);
  const isGuest = isGuestRow(member);
  socket.data.group = {
    username: publicName(member),
    gender: toGender(member.gender),
    profileImage: member.profileImage,
    isGuest,
    status: socket.data.group?.status ?? "online",
    ...(isGuest ? {} : { badge }),
  };
  // `user:{id}` was joined at connection (bans reach every socket of the user). Joining the room puts
  // this user on the people list at once (the adapter's `join-room`); the room hears of it only through
  // the coalesced pushes to the pages that show it, and the counts (issue #16).
  await socket.join(GROUP_ROOM);
  // A later ban of anyone seen in this browser takes this socket out too (spec §4 Bans).
  if (deviceId) await socket.join(groupDeviceRoom(deviceId));
  const isAdmin = hasAdminRole(member.role);
  if (isAdmin) await socket.join(ADMINS_ROOM);
  else await socket.leave(ADMINS_ROOM);

  const [history, mutedUsers, standing] = await Promise.all([
    joinReads(deps).history.get(),
    // Admins only (issue #33): everyone else's own mute is `mute`, and nobody else's is theirs to see.
    isAdmin ? joinReads(deps).mutedUsers.get() : [],
    // The mute, and the ban read again: a ban stored between the check above and the join emptied the
    // room before this socket was in it (in this batch, no extra wait; one statement for both).
    deps.moderation.readStanding({ userId: member.id, deviceId }),
    deviceId ? deps.devices.record(member.id, deviceId) : undefined,
  ]);
  const { mute } = standing;
  if (standing.isBanned) {
    await socket.leave(GROUP_ROOM);
    socket.data.group = null;
    deps.presence.changed(member.id);
    throw new AppError("forbidden", GROUP_CHAT_MESSAGES.banned);
  }
  // Already in the room (a second join): no `join-room`, but the entry may have changed (badge, name).
  if (wasInGroup) deps.presence.changed(member.id);
  // The counts and the first page of the people list, never the whole room (O(members²) bytes, B1).
  const { onlineUsers, peopleCounts } = deps.presence.joinPage(socket);
  return {
    messages: history.messages,
    hasMore: history.hasMore,
    onlineUsers,
    peopleCounts,
    mutedUsers,
    mute,
  };
}

function toGender(value: string | null): Gender | null {
  return (GENDERS as readonly string[]).includes(value ?? "") ? (value as Gender) : null;
}

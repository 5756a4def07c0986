import type { GroupOnlineUser } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { HeartlineServer } from "../../realtime/types";
import { GROUP_ROOM } from "../moderation/moderation-deps";

/** Pushes of the online list are coalesced, so a burst of joins costs one list, not one per join. */
export const GROUP_PRESENCE_COALESCE_MS = 250;

/**
 * The group's online list from the sockets in the room on every node (`fetchSockets` goes through the
 * adapter), one entry per user: online if any of their sockets is, away otherwise (spec §4 Presence).
 */
export async function groupOnlineUsers(io: HeartlineServer): Promise<GroupOnlineUser[]> {
  const sockets = await io.in(GROUP_ROOM).fetchSockets();
  const byUser = new Map<string, GroupOnlineUser>();
  for (const socket of sockets) {
    const { userId, group } = socket.data;
    if (!group) continue;
    const known = byUser.get(userId);
    if (known && (known.status === "online" || group.status === "away")) continue;
    byUser.set(userId, {
      userId,
      username: group.username,
      gender: group.gender,
      profileImage: group.profileImage,
      status: group.status,
      isGuest: group.isGuest,
    });
  }
  return [...byUser.values()].sort((a, b) => a.username.localeCompare(b.username));
}

/**
 * Sends `online_users_update` (the full list) and `users:online` (the ids of those online, not away)
 * to the room after changes on this node. Other nodes push after their own changes.
 */
export class GroupPresence {
  private timer: NodeJS.Timeout | undefined;
  private isStopped = false;

  constructor(
    private readonly io: HeartlineServer,
    private readonly log: FastifyBaseLogger,
    private readonly coalesceMs = GROUP_PRESENCE_COALESCE_MS,
  ) {}

  changed(): void {
    if (this.timer || this.isStopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.push();
    }, this.coalesceMs);
  }

  stop(): void {
    this.isStopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async push(): Promise<void> {
    try {
      const users = await groupOnlineUsers(this.io);
      if (this.isStopped) return;
      const room = this.io.to(GROUP_ROOM);
      room.emit("online_users_update", users);
      room.emit(
        "users:online",
        users.filter((user) => user.status === "online").map((user) => user.userId),
      );
    } catch (error) {
      this.log.warn({ err: error }, "group online list unavailable");
    }
  }
}

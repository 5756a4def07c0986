import type { GroupOnlineUser } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { withTimeout } from "../../lib/with-timeout";
import { GROUP_ROOM, userRoom } from "../../realtime/rooms";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";

/** Changes are coalesced, so a burst of joins costs one push, not one per join. */
export const GROUP_PRESENCE_COALESCE_MS = 250;
/** How old a cached full list may be when a join ack uses it (the joiner gets a fresh one right after). */
export const ONLINE_LIST_MAX_AGE_MS = 1_000;
/**
 * Up to this many members (on this node) the full list is also pushed on every change
 * (`online_users_update`); above it only deltas go out, because full lists cost members² bytes (B1).
 */
export const FULL_LIST_PUSH_MAX = 100;
/**
 * How long the other nodes' lists may take. The adapter asks Redis how many nodes there are before its
 * own 5 s timeout starts, and while Redis is down that question waits for the whole outage: a join
 * would hang with it. After this the join is answered with what this node knows.
 */
export const CLUSTER_LIST_TIMEOUT_MS = 5_000;

type SocketLike = Pick<HeartlineSocket, "data"> & { rooms: Set<string> };

/** One entry per user in the group: online if any of their sockets is, away otherwise (spec §4 Presence). */
export function toOnlineUsers(sockets: readonly SocketLike[]): Map<string, GroupOnlineUser> {
  const byUser = new Map<string, GroupOnlineUser>();
  for (const socket of sockets) {
    const { userId, group } = socket.data;
    if (!group || !socket.rooms.has(GROUP_ROOM)) continue;
    const known = byUser.get(userId);
    if (known && (known.status === "online" || group.status === "away")) continue;
    byUser.set(userId, {
      userId,
      username: group.username,
      gender: group.gender,
      profileImage: group.profileImage,
      status: group.status,
      isGuest: group.isGuest,
      // Registered users only (issue #12); a guest's entry has no badge field at all.
      ...(group.isGuest ? {} : { badge: group.badge ?? null }),
    });
  }
  return byUser;
}

/** The nodes' lists as one, a user online if they are online on any node. */
function mergeUsers(lists: readonly (readonly GroupOnlineUser[])[]): GroupOnlineUser[] {
  const byUser = new Map<string, GroupOnlineUser>();
  for (const list of lists) {
    for (const entry of list) {
      const known = byUser.get(entry.userId);
      if (!known || (known.status === "away" && entry.status === "online")) byUser.set(entry.userId, entry);
    }
  }
  return [...byUser.values()];
}

/**
 * A stable order (clients sort for display). Plain code-unit order: a locale-aware sort of a room
 * of thousands on every join costs more than the rest of the join.
 */
function sorted(users: Iterable<GroupOnlineUser>): GroupOnlineUser[] {
  return [...users].sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}

/**
 * The group's online list. Changes on this node go out as one coalesced `group_presence` delta
 * (`upserts`, `removals`) read from the touched users' sockets on every node; small rooms also get the
 * full list. On one node a join ack carries the list as it is right after the join, read from this
 * node's sockets. Across nodes each node answers `group_online_list` with its own members (far less
 * than `fetchSockets`, which ships every socket's handshake); there a join ack uses a list at most 1 s
 * old, and the joiner then gets a list fetched after their join, so nothing in between is lost.
 */
export class GroupPresence {
  private readonly touched = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private isStopped = false;
  private cache: { users: GroupOnlineUser[]; fetchedAt: number } | undefined;
  private inFlight: Promise<GroupOnlineUser[]> | undefined;
  private inFlightStartedAt = 0;

  constructor(
    private readonly io: HeartlineServer,
    private readonly log: FastifyBaseLogger,
    /** True when other nodes share the room (Redis adapter). */
    private readonly isClustered: boolean,
    private readonly coalesceMs = GROUP_PRESENCE_COALESCE_MS,
  ) {
    if (isClustered) {
      io.on("group_online_list", (callback) => {
        callback(this.localUsers());
      });
    }
  }

  /** A user joined, left, changed status or was banned out of the room on this node. */
  changed(userId: string): void {
    if (this.isStopped) return;
    this.touched.add(userId);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.coalesceMs);
  }

  /** The list for a join ack; across nodes it may be cached, and the caller then calls `resync`. */
  async listForJoin(): Promise<GroupOnlineUser[]> {
    if (!this.isClustered) return sorted(this.localUsers());
    if (this.cache && Date.now() - this.cache.fetchedAt <= ONLINE_LIST_MAX_AGE_MS) return this.cache.users;
    try {
      return await this.fetchAfter(Date.now());
    } catch (error) {
      // Another node not answering must not refuse the join: the last list, or this node's members.
      this.log.warn({ err: error }, "group online list unavailable; answering with what this node knows");
      if (this.cache) return this.cache.users;
      return sorted(this.localUsers());
    }
  }

  /**
   * Across nodes: sends `socket` a full list fetched after `since` (its join), once the cache has moved
   * past it. On one node the join ack was exact already.
   */
  resync(socket: HeartlineSocket, since: number): void {
    if (!this.isClustered) return;
    const timer = setTimeout(() => {
      if (this.isStopped || !socket.connected) return;
      this.fetchAfter(since).then(
        (users) => {
          if (socket.rooms.has(GROUP_ROOM)) socket.emit("online_users_update", users);
        },
        (error: unknown) => this.log.warn({ err: error }, "group online list unavailable"),
      );
    }, ONLINE_LIST_MAX_AGE_MS);
    timer.unref();
  }

  stop(): void {
    this.isStopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A list whose fetch started after `since`; concurrent callers share one fetch. */
  private async fetchAfter(since: number): Promise<GroupOnlineUser[]> {
    if (this.cache && this.cache.fetchedAt >= since) return this.cache.users;
    if (this.inFlight && this.inFlightStartedAt >= since) return this.inFlight;
    const startedAt = Date.now();
    const fetch = this.clusterUsers()
      .then((users) => {
        if (!this.cache || this.cache.fetchedAt < startedAt) this.cache = { users, fetchedAt: startedAt };
        return users;
      })
      .finally(() => {
        if (this.inFlight === fetch) this.inFlight = undefined;
      });
    this.inFlight = fetch;
    this.inFlightStartedAt = startedAt;
    return fetch;
  }

  /** This node's members of the group, read from its own sockets. */
  private localUsers(): GroupOnlineUser[] {
    const namespace = this.io.of("/");
    const sockets: HeartlineSocket[] = [];
    for (const id of namespace.adapter.rooms.get(GROUP_ROOM) ?? []) {
      const socket = namespace.sockets.get(id);
      if (socket) sockets.push(socket);
    }
    return [...toOnlineUsers(sockets).values()];
  }

  private async clusterUsers(): Promise<GroupOnlineUser[]> {
    const local = this.localUsers();
    if (!this.isClustered) return sorted(local);
    const others = await withTimeout(
      this.io.serverSideEmitWithAck("group_online_list"),
      CLUSTER_LIST_TIMEOUT_MS,
      "the other nodes' online lists did not arrive",
    );
    return sorted(mergeUsers([local, ...others]));
  }

  private async flush(): Promise<void> {
    const userIds = [...this.touched];
    this.touched.clear();
    if (userIds.length === 0) return;
    try {
      const sockets = await this.io.in(userIds.map(userRoom)).fetchSockets();
      if (this.isStopped) return;
      const present = toOnlineUsers(sockets);
      const removals = userIds.filter((id) => !present.has(id));
      const room = this.io.to(GROUP_ROOM);
      room.emit("group_presence", { upserts: sorted(present.values()), removals });
      const localMembers = this.io.of("/").adapter.rooms.get(GROUP_ROOM)?.size ?? 0;
      if (localMembers <= FULL_LIST_PUSH_MAX) {
        const users = await this.fetchAfter(Date.now());
        if (this.isStopped) return;
        room.emit("online_users_update", users);
        room.emit(
          "users:online",
          users.filter((user) => user.status === "online").map((user) => user.userId),
        );
      }
    } catch (error) {
      this.log.warn({ err: error }, "group presence push failed");
    }
  }
}

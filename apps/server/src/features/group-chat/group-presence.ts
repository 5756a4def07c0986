import { randomUUID } from "node:crypto";
import {
  GROUP_PEOPLE_PAGE_SIZE,
  type GroupOnlineUser,
  type GroupPeopleCounts,
  type GroupPeopleNodeSync,
  type GroupPeoplePage,
} from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { withTimeout } from "../../lib/with-timeout";
import { GROUP_ROOM, userRoom } from "../../realtime/rooms";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import { GroupPeopleList, pageDelta } from "./group-people-list";

/** Changes are coalesced, so a burst of joins costs one push per page shown, not one per join. */
export const GROUP_PRESENCE_COALESCE_MS = 250;
/**
 * The counts go to everyone in the room, so their cadence slows with the room: at most one push per
 * this many ms per member on this node (a room of 2,000 hears the count every 2 s; small rooms every
 * 250 ms). Everyone in a big room then costs a bounded number of count pushes per second, whatever joins.
 */
export const COUNTS_MS_PER_MEMBER = 1;
/** Between nodes: how often a node re-sends its members whole, and when a silent node is dropped. */
export const NODE_SNAPSHOT_INTERVAL_MS = 30_000;
export const NODE_EXPIRY_MS = 75_000;
/** How long a starting node waits for the others' members (Redis down must not hang the start). */
export const CLUSTER_LIST_TIMEOUT_MS = 5_000;

type SocketLike = Pick<HeartlineSocket, "data"> & { rooms: Set<string> };

/** One user's entry from their sockets: online if any of them is, away otherwise (spec §4 Presence). */
export function toOnlineUser(userId: string, sockets: Iterable<SocketLike>): GroupOnlineUser | null {
  let entry: GroupOnlineUser | null = null;
  for (const socket of sockets) {
    const { group } = socket.data;
    if (!group || !socket.rooms.has(GROUP_ROOM)) continue;
    if (entry && (entry.status === "online" || group.status === "away")) continue;
    entry = {
      userId,
      username: group.username,
      gender: group.gender,
      profileImage: group.profileImage,
      status: group.status,
      isGuest: group.isGuest,
      // Registered users only (issue #12); a guest's entry has no badge field at all.
      ...(group.isGuest ? {} : { badge: group.badge ?? null }),
    };
  }
  return entry;
}

interface NodeMembers {
  users: Map<string, GroupOnlineUser>;
  heardAt: number;
}

/** The part of the list one socket shows, and the page it was last sent. */
interface View {
  offset: number;
  limit: number;
  shown: GroupOnlineUser[];
}

/**
 * The group room's people list (issue #16, the way big chat services keep member lists): every node
 * holds the whole list, sorted, and applies its own sockets' joins, leaves and status changes at once
 * (adapter `join-room`/`leave-room`, so a ban's `socketsLeave` from another node counts too). What goes
 * out is coalesced per `coalesceMs`:
 * - to each socket, only what changed inside the page it shows (`group_people`), worked out once per
 *   distinct page; a join outside every page shown reaches nobody's list;
 * - to the room, the counts (`group_people_counts`), at a cadence that slows with the room;
 * - to the other nodes, this node's changes as one delta (`group_people_sync`).
 * A join ack carries the counts and the first page, never the whole room.
 */
export class GroupPresence {
  private readonly nodeId = randomUUID();
  private readonly list = new GroupPeopleList();
  private readonly nodes = new Map<string, NodeMembers>();
  private readonly views = new Map<string, View>();
  private readonly touched = new Set<string>();
  private publishTimer: NodeJS.Timeout | undefined;
  private countsTimer: NodeJS.Timeout | undefined;
  private snapshotTimer: NodeJS.Timeout | undefined;
  private lastCounts: GroupPeopleCounts = { online: 0, away: 0 };
  private publishedVersion = 0;
  private isStopped = false;

  constructor(
    private readonly io: HeartlineServer,
    private readonly log: FastifyBaseLogger,
    /** True when other nodes share the room (Redis adapter). */
    private readonly isClustered: boolean,
    private readonly coalesceMs = GROUP_PRESENCE_COALESCE_MS,
  ) {
    this.nodes.set(this.nodeId, { users: new Map(), heardAt: Number.POSITIVE_INFINITY });
    const adapter = io.of("/").adapter;
    adapter.on("join-room", (room: string, socketId: string) => this.onRoomChange(room, socketId, true));
    adapter.on("leave-room", (room: string, socketId: string) => this.onRoomChange(room, socketId, false));
    if (isClustered) this.startClusterSync();
  }

  /** A user's status or group data changed on this node (or a ban took them out). */
  changed(userId: string): void {
    if (this.isStopped) return;
    const local = this.nodes.get(this.nodeId) as NodeMembers;
    const sockets: SocketLike[] = [];
    const namespace = this.io.of("/");
    for (const id of namespace.adapter.rooms.get(userRoom(userId)) ?? []) {
      const socket = namespace.sockets.get(id);
      if (socket) sockets.push(socket);
    }
    const entry = toOnlineUser(userId, sockets);
    const known = local.users.get(userId);
    if (entry) local.users.set(userId, entry);
    else local.users.delete(userId);
    if (known === entry) return;
    if (this.isClustered) this.touched.add(userId);
    this.refresh(userId);
  }

  /** The join ack's part: the counts and the first page, which this socket is then kept current for. */
  joinPage(socket: HeartlineSocket): { onlineUsers: GroupOnlineUser[]; peopleCounts: GroupPeopleCounts } {
    const page = this.watch(socket, 0, GROUP_PEOPLE_PAGE_SIZE);
    return { onlineUsers: page.users, peopleCounts: page.counts };
  }

  /** `group_people_window`: the part of the list a member shows now; later changes in it follow. */
  watch(socket: HeartlineSocket, offset: number, limit: number): GroupPeoplePage {
    const shown = this.list.page(offset, limit);
    this.views.set(socket.id, { offset, limit, shown });
    return { offset, counts: this.list.counts(), users: shown };
  }

  stop(): void {
    if (this.isStopped) return;
    this.isStopped = true;
    clearTimeout(this.publishTimer);
    clearTimeout(this.countsTimer);
    clearInterval(this.snapshotTimer);
    // The others drop this node's members now rather than after the expiry.
    if (this.isClustered) this.send({ nodeId: this.nodeId, isSnapshot: true, upserts: [], removals: [] });
  }

  private onRoomChange(room: string, socketId: string, isJoin: boolean): void {
    if (room !== GROUP_ROOM) return;
    if (!isJoin) this.views.delete(socketId);
    const socket = this.io.of("/").sockets.get(socketId);
    if (socket) this.changed(socket.data.userId);
  }

  /** The merged entry of one user (online on any node wins) into the list; schedules the pushes. */
  private refresh(userId: string): void {
    let entry: GroupOnlineUser | null = null;
    for (const node of this.nodes.values()) {
      const candidate = node.users.get(userId);
      if (candidate && (!entry || (entry.status === "away" && candidate.status === "online"))) {
        entry = candidate;
      }
    }
    this.list.set(userId, entry);
    this.publishTimer ??= setTimeout(() => {
      this.publishTimer = undefined;
      this.publish();
    }, this.coalesceMs);
  }

  private publish(): void {
    if (this.isStopped) return;
    this.sendTouched();
    if (this.list.version === this.publishedVersion) return;
    this.publishedVersion = this.list.version;
    const counts = this.list.counts();
    // Sockets shown the same page hold the same array: one delta per distinct page, one encoding each.
    const groups = new Map<GroupOnlineUser[], { next: GroupOnlineUser[]; socketIds: string[] | null }>();
    for (const [socketId, view] of this.views) {
      let group = groups.get(view.shown);
      if (!group) {
        const next = this.list.page(view.offset, view.limit);
        group = { next, socketIds: pageDelta(view.shown, next) ? [] : null };
        groups.set(view.shown, group);
      }
      group.socketIds?.push(socketId);
      view.shown = group.next;
    }
    for (const [shown, { next, socketIds }] of groups) {
      if (!socketIds || socketIds.length === 0) continue;
      const delta = pageDelta(shown, next);
      if (delta) this.io.local.to(socketIds).emit("group_people", { counts, ...delta });
    }
    this.scheduleCounts();
  }

  private scheduleCounts(): void {
    if (this.countsTimer) return;
    const members = this.io.of("/").adapter.rooms.get(GROUP_ROOM)?.size ?? 0;
    this.countsTimer = setTimeout(
      () => {
        this.countsTimer = undefined;
        if (this.isStopped) return;
        const counts = this.list.counts();
        if (counts.online === this.lastCounts.online && counts.away === this.lastCounts.away) return;
        this.lastCounts = counts;
        this.io.local.to(GROUP_ROOM).emit("group_people_counts", counts);
      },
      Math.max(this.coalesceMs, members * COUNTS_MS_PER_MEMBER),
    );
  }

  // --- between nodes ---------------------------------------------------------------------------

  private startClusterSync(): void {
    this.io.on("group_people_sync", (payload) => this.applyNode(payload));
    this.io.on("group_people_snapshot", (callback) => callback(this.snapshot()));
    this.snapshotTimer = setInterval(() => {
      this.send(this.snapshot());
      this.expireSilentNodes();
    }, NODE_SNAPSHOT_INTERVAL_MS);
    this.snapshotTimer.unref();
    withTimeout(
      this.io.serverSideEmitWithAck("group_people_snapshot"),
      CLUSTER_LIST_TIMEOUT_MS,
      "the other nodes' people lists did not arrive",
    ).then(
      (snapshots) => {
        for (const snapshot of snapshots) this.applyNode(snapshot);
      },
      (error: unknown) => this.log.warn({ err: error }, "group people lists unavailable at start"),
    );
  }

  private snapshot(): GroupPeopleNodeSync {
    const local = this.nodes.get(this.nodeId) as NodeMembers;
    return { nodeId: this.nodeId, isSnapshot: true, upserts: [...local.users.values()], removals: [] };
  }

  private sendTouched(): void {
    if (this.touched.size === 0) return;
    const local = this.nodes.get(this.nodeId) as NodeMembers;
    const upserts: GroupOnlineUser[] = [];
    const removals: string[] = [];
    for (const userId of this.touched) {
      const entry = local.users.get(userId);
      if (entry) upserts.push(entry);
      else removals.push(userId);
    }
    this.touched.clear();
    this.send({ nodeId: this.nodeId, isSnapshot: false, upserts, removals });
  }

  private send(payload: GroupPeopleNodeSync): void {
    try {
      this.io.serverSideEmit("group_people_sync", payload);
    } catch (error) {
      this.log.warn({ err: error }, "group people sync failed");
    }
  }

  private applyNode({ nodeId, isSnapshot, upserts, removals }: GroupPeopleNodeSync): void {
    if (this.isStopped || nodeId === this.nodeId) return;
    let node = this.nodes.get(nodeId);
    if (!node) {
      node = { users: new Map(), heardAt: Date.now() };
      this.nodes.set(nodeId, node);
    }
    node.heardAt = Date.now();
    const affected = new Set(removals);
    if (isSnapshot) {
      for (const userId of node.users.keys()) affected.add(userId);
      node.users.clear();
    }
    for (const userId of removals) node.users.delete(userId);
    for (const entry of upserts) {
      node.users.set(entry.userId, entry);
      affected.add(entry.userId);
    }
    if (isSnapshot && upserts.length === 0) this.nodes.delete(nodeId);
    for (const userId of affected) this.refresh(userId);
  }

  private expireSilentNodes(): void {
    const now = Date.now();
    for (const [nodeId, node] of this.nodes) {
      if (now - node.heardAt <= NODE_EXPIRY_MS) continue;
      this.nodes.delete(nodeId);
      for (const userId of node.users.keys()) this.refresh(userId);
    }
  }
}

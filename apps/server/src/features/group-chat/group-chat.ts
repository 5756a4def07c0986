import { CHAT_MESSAGE_RATE_LIMIT, CHAT_MESSAGE_RATE_WINDOW_MS } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import type { FileStore } from "../../lib/file-store";
import { LocalFirstLimiter } from "../../lib/local-first-limiter";
import type { Metrics } from "../../lib/metrics";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import { GROUP_ROOM, userRoom } from "../../realtime/rooms";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { AutomodGate } from "../automod/index";
import type { Feature } from "../feature";
import type { BanEvent, Moderation } from "../moderation/index";
import type { ImageJobs } from "../profiles/index";
import { removeGroupAuthor } from "./deleted-author";
import { DeviceRecords } from "./device-records";
import { groupChatRoutes } from "./group-chat.routes";
import { groupChatListeners } from "./group-chat.socket";
import type { GroupChatDeps } from "./group-chat-deps";
import { groupDeviceRoom } from "./group-device-room";
import { GroupMessageWriter } from "./group-message-writer";
import { GroupPresence } from "./group-presence";
import { GROUP_UPLOAD_SWEEP_INTERVAL_MS, sweepUnattachedUploads } from "./group-uploads";

/** ARCHITECTURE §7: uploads are rate limited per user. */
export const GROUP_UPLOAD_RATE_LIMIT: RateLimit = { points: 30, durationSeconds: 60 * 60 };

export interface CreateGroupChatOptions {
  io: HeartlineServer;
  db: Database;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  metrics: Metrics;
  storage: FileStore;
  guards: SessionGuards;
  moderation: Moderation;
  automod: AutomodGate;
  imageJobs: ImageJobs;
  /** Tests only: the clock of message times and mute ends (default `Date.now`). */
  clock?: (() => number) | undefined;
}

export interface GroupChat extends Feature {
  /** `GET /api/group/messages`, `POST /api/group/images`. */
  routes: FastifyPluginAsyncZod;
  registerHandlers(socket: HeartlineSocket): void;
  /** One bounded run of the unattached-upload sweep (it also runs every 10 minutes). */
  sweepUploads(): Promise<number>;
  stop(): void;
}

/** The group room (issue #5), assembled once per app from explicit dependencies. */
export function createGroupChat(options: CreateGroupChatOptions): GroupChat {
  const { io, db, redis, log, metrics, storage, guards, moderation, automod, imageJobs } = options;
  const presence = new GroupPresence(io, log, redis !== null);
  const deps: GroupChatDeps = {
    io,
    db,
    log,
    metrics,
    storage,
    guards,
    moderation,
    automod,
    imageJobs,
    presence,
    clock: options.clock ?? Date.now,
    messageLimiter: new LocalFirstLimiter(
      {
        redis,
        name: "group-message",
        points: CHAT_MESSAGE_RATE_LIMIT,
        durationSeconds: CHAT_MESSAGE_RATE_WINDOW_MS / 1_000,
      },
      log,
    ),
    writer: new GroupMessageWriter(db),
    devices: new DeviceRecords(db),
    senders: new WeakMap(),
    uploadLimiter: createRateLimiter({ redis, name: "group-upload", ...GROUP_UPLOAD_RATE_LIMIT }),
  };
  moderation.onBanned((event) => {
    removeBannedFromRoom(deps, event).catch((error: unknown) =>
      log.warn({ err: error, userId: event.userId }, "could not remove a banned browser's sockets"),
    );
  });
  const sweeper = setInterval(() => {
    sweepUnattachedUploads(deps, deps.clock()).catch((error: unknown) =>
      log.warn({ err: error }, "group upload sweep failed"),
    );
  }, GROUP_UPLOAD_SWEEP_INTERVAL_MS);
  sweeper.unref();
  const listeners = groupChatListeners(deps);
  return {
    routes: groupChatRoutes(deps),
    registerHandlers: (socket) => listeners.attach(socket),
    sweepUploads: () => sweepUnattachedUploads(deps, deps.clock()),
    removeAccount: removeGroupAuthor(io),
    stop: () => {
      clearInterval(sweeper);
      presence.stop();
    },
  };
}

/**
 * spec §4 Bans: a new ban takes every socket of the user, and every socket of the browsers they were
 * seen with (another account there, e.g. a new guest), out of the room on every node at once: they
 * stop receiving the room, not only sending. The other accounts are told they are banned too. The room
 * sees them leave its people list as it sees anyone leave (ADR 0014): a frame of its own naming the
 * banned to everyone would tell the room who was banned, and beside a post an admin just removed, whose
 * post it was.
 */
async function removeBannedFromRoom(deps: GroupChatDeps, event: BanEvent): Promise<void> {
  const { io, presence } = deps;
  const { userId, bannedBy } = event;
  const deviceRooms = event.deviceIds.map(groupDeviceRoom);
  io.in(userRoom(userId)).socketsLeave(GROUP_ROOM);
  if (deviceRooms.length > 0) io.in(deviceRooms).socketsLeave(GROUP_ROOM);
  presence.changed(userId);
  if (deviceRooms.length === 0) return;
  // A browser's room holds a handful of sockets: reading them (on every node) is cheap.
  const others = (await io.in(deviceRooms).fetchSockets()).filter((socket) => socket.data.userId !== userId);
  for (const socket of others) {
    const other = socket.data;
    const otherName = other.group?.username ?? other.username ?? "";
    socket.emit("user_banned", { username: otherName, userId: other.userId, bannedBy });
    presence.changed(other.userId);
  }
}

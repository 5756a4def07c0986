import { CHAT_MESSAGE_RATE_LIMIT, CHAT_MESSAGE_RATE_WINDOW_MS } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../plugins/redis";
import type { FileStore } from "../../plugins/storage";
import { GROUP_ROOM, userRoom } from "../../realtime/rooms";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { Moderation } from "../moderation/index";
import { groupChatRoutes } from "./group-chat.routes";
import { registerGroupChatHandlers } from "./group-chat.socket";
import type { GroupChatDeps } from "./group-chat-deps";
import { GroupPresence } from "./group-presence";

/** ARCHITECTURE §7: uploads are rate limited per user. */
export const GROUP_UPLOAD_RATE_LIMIT: RateLimit = { points: 30, durationSeconds: 60 * 60 };

export interface CreateGroupChatOptions {
  io: HeartlineServer;
  db: Database;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  storage: FileStore;
  guards: SessionGuards;
  moderation: Moderation;
}

export interface GroupChat {
  /** `GET /api/group/messages`, `POST /api/group/images`. */
  routes: FastifyPluginAsyncZod;
  registerHandlers(socket: HeartlineSocket): void;
  stop(): void;
}

/** The group room (issue #5), assembled once per app from explicit dependencies. */
export function createGroupChat(options: CreateGroupChatOptions): GroupChat {
  const { io, db, redis, log, storage, guards, moderation } = options;
  const presence = new GroupPresence(io, log, redis !== null);
  const deps: GroupChatDeps = {
    io,
    db,
    log,
    storage,
    guards,
    moderation,
    presence,
    clock: Date.now,
    messageLimiter: createRateLimiter({
      redis,
      name: "group-message",
      points: CHAT_MESSAGE_RATE_LIMIT,
      durationSeconds: CHAT_MESSAGE_RATE_WINDOW_MS / 1_000,
    }),
    uploadLimiter: createRateLimiter({ redis, name: "group-upload", ...GROUP_UPLOAD_RATE_LIMIT }),
  };
  // spec §4 Bans: a new ban takes every socket of the user out of the room, on every node.
  moderation.onBanned(({ userId, username }) => {
    io.in(userRoom(userId)).socketsLeave(GROUP_ROOM);
    io.to(GROUP_ROOM).emit("userStatusChanged", { userId, username, isOnline: false });
    presence.changed(userId);
  });
  return {
    routes: groupChatRoutes(deps),
    registerHandlers: (socket) => registerGroupChatHandlers(socket, deps),
    stop: () => presence.stop(),
  };
}

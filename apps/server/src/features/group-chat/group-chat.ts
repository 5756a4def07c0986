import { CHAT_MESSAGE_RATE_LIMIT, CHAT_MESSAGE_RATE_WINDOW_MS } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../plugins/redis";
import { ADMINS_ROOM } from "../../realtime/rooms";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import { registerModerationHandlers } from "../moderation/moderation.socket";
import type { ModerationDeps } from "../moderation/moderation-deps";
import { registerGroupChatHandlers } from "./group-chat.socket";
import type { GroupChatDeps } from "./group-chat-deps";
import { GroupPresence } from "./group-presence";

/** ARCHITECTURE §7: reports and uploads are rate limited per user. */
export const GROUP_REPORT_RATE_LIMIT: RateLimit = { points: 5, durationSeconds: 60 * 60 };
export const GROUP_UPLOAD_RATE_LIMIT: RateLimit = { points: 30, durationSeconds: 60 * 60 };

export interface CreateGroupChatOptions {
  io: HeartlineServer;
  db: Database;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
}

export interface GroupChat {
  /** The use cases' dependencies, for the HTTP routes. */
  moderation: ModerationDeps;
  handleConnection(socket: HeartlineSocket): void;
  stop(): void;
}

/** The group room and its moderation (issue #5), assembled once per app. */
export function createGroupChat(options: CreateGroupChatOptions): GroupChat {
  const { io, db, redis, log } = options;
  const presence = new GroupPresence(io, log, redis !== null);
  const limiter = (name: string, limit: RateLimit) => createRateLimiter({ redis, name, ...limit });
  const deps: GroupChatDeps = {
    io,
    db,
    log,
    presence,
    clock: Date.now,
    onGroupMembersChanged: (userId) => presence.changed(userId),
    messageLimiter: limiter("group-message", {
      points: CHAT_MESSAGE_RATE_LIMIT,
      durationSeconds: CHAT_MESSAGE_RATE_WINDOW_MS / 1_000,
    }),
    reportLimiter: limiter("group-report", GROUP_REPORT_RATE_LIMIT),
    uploadLimiter: limiter("group-upload", GROUP_UPLOAD_RATE_LIMIT),
  };
  return {
    moderation: deps,
    handleConnection: (socket) => {
      // Only the banned list (read-only) goes to `admins`; the role comes from the session's user row,
      // not the client, and every admin action re-reads it from the database (ARCHITECTURE §9.4).
      if (socket.data.isAdmin) void socket.join(ADMINS_ROOM);
      registerGroupChatHandlers(socket, deps);
      registerModerationHandlers(socket, deps);
    },
    stop: () => presence.stop(),
  };
}

import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { Feature } from "../feature";
import { createOnlineCount } from "./create-online-count";
import { createLastActiveRecorder } from "./last-active";
import { presenceRoutes } from "./presence.routes";
import { presenceListeners } from "./presence.socket";

export interface CreatePresenceOptions {
  io: HeartlineServer;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  /** Where a signed-in user's `last_active` is written after a socket of theirs disconnects. */
  db: Database;
}

export interface Presence extends Feature {
  /** `GET /api/online-count`. */
  routes: FastifyPluginAsyncZod;
  registerHandlers(socket: HeartlineSocket): void;
  start(): void;
  stop(): Promise<void>;
}

/** The online count (ARCHITECTURE §5 presence), assembled once per app. */
export function createPresence({ io, redis, log, db }: CreatePresenceOptions): Presence {
  const onlineCount = createOnlineCount({ io, redis, log });
  const lastActive = createLastActiveRecorder({ db, log });
  const listeners = presenceListeners({ onlineCount, log, lastActive });
  return {
    routes: presenceRoutes(onlineCount),
    registerHandlers: (socket) => listeners.attach(socket),
    start: () => onlineCount.start(),
    stop: async () => {
      await onlineCount.stop();
      // Sockets closed first (the socket plugin's preClose): the users they left wait for their write.
      await lastActive.flush();
    },
  };
}

import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import type { RedisClient } from "../../plugins/redis";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import { createOnlineCount } from "./create-online-count";
import { presenceRoutes } from "./presence.routes";
import { registerPresenceHandlers } from "./presence.socket";

export interface CreatePresenceOptions {
  io: HeartlineServer;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  /** Where a signed-in user's `last_active` is written when a socket of theirs disconnects. */
  db: Database;
}

export interface Presence {
  /** `GET /api/online-count`. */
  routes: FastifyPluginAsyncZod;
  registerHandlers(socket: HeartlineSocket): void;
  start(): void;
  stop(): Promise<void>;
}

/** The online count (ARCHITECTURE §5 presence), assembled once per app. */
export function createPresence({ io, redis, log, db }: CreatePresenceOptions): Presence {
  const onlineCount = createOnlineCount({ io, redis, log });
  const deps = { onlineCount, log, db };
  return {
    routes: presenceRoutes(onlineCount),
    registerHandlers: (socket) => registerPresenceHandlers(socket, deps),
    start: () => onlineCount.start(),
    stop: () => onlineCount.stop(),
  };
}

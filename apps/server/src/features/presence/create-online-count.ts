import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer } from "../../realtime/types";
import { MemoryPresenceStore } from "./memory-presence-store";
import { OnlineCount } from "./online-count";
import { RedisPresenceStore } from "./redis-presence-store";

export interface CreateOnlineCountOptions {
  io: HeartlineServer;
  /** Shared count across nodes when present (REDIS_URL), this process only otherwise. */
  redis: RedisClient | null;
  log: FastifyBaseLogger;
}

export function createOnlineCount({ io, redis, log }: CreateOnlineCountOptions): OnlineCount {
  const store = redis ? new RedisPresenceStore(redis, randomUUID()) : new MemoryPresenceStore();
  const onlineCount = new OnlineCount({
    store,
    localCount: () => io.of("/").sockets.size,
    // This node's sockets only: every node pushes the same total to its own (an `io.emit` from each of
    // N nodes reached every socket N times).
    broadcast: (count) => io.local.emit("online_users", count),
    ...(redis ? { announce: () => io.serverSideEmit("online_count_changed") } : {}),
    onError: (error) => log.warn({ err: error }, "online count sync failed"),
  });
  if (redis) io.on("online_count_changed", () => onlineCount.remoteChanged());
  return onlineCount;
}

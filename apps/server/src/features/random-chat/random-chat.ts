import { randomUUID } from "node:crypto";
import { AI_MATCH_TIMEOUT_MS, REMATCH_COOLDOWN_MS } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import type { Metrics } from "../../lib/metrics";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { AiCompanion } from "../ai-companion/index";
import type { AutomodGate } from "../automod/index";
import type { Feature } from "../feature";
import type { Moderation } from "../moderation/index";
import { AiFallback } from "./ai-fallback";
import { createRandomChatStores } from "./create-random-chat-stores";
import { ENDED_PAIR_KEEP_MS } from "./end-random-chat";
import { NodeHeartbeat } from "./node-heartbeat";
import { randomChatListeners } from "./random-chat.socket";
import type { RandomChatDeps } from "./random-chat-deps";

/** Tunables of the random chat (`buildApp({ randomChat })`); tests shorten the AI wait. */
export interface RandomChatOptions {
  /** Defaults to spec §9's 15 s. */
  aiMatchTimeoutMs?: number;
  /** Defaults to `REMATCH_COOLDOWN_MS` (10 s). */
  rematchCooldownMs?: number;
  /** Defaults to `ENDED_PAIR_KEEP_MS` (10 min); tests shorten it to see the report window close. */
  endedPairKeepMs?: number;
  /** Tests only: the line's clock (join times, the priority windows, cooldowns); default `Date.now`. */
  clock?: () => number;
}

export interface CreateRandomChatOptions extends RandomChatOptions {
  io: HeartlineServer;
  redis: RedisClient | null;
  db: Database;
  ai: AiCompanion;
  log: FastifyBaseLogger;
  metrics: Metrics;
  moderation: Moderation;
  automod: AutomodGate;
  /** AUTH_SECRET: keys the partners' per-pair aliases. */
  authSecret: string;
}

export interface RandomChat extends Feature {
  /** Registers the handlers of a new socket and tells it whether the AI can fill in. */
  registerHandlers(socket: HeartlineSocket): void;
  /** Starts the line timer (cooldown sweep and AI fallback). */
  start(): void;
  stop(): Promise<void>;
}

/** The random one-to-one chat of issue 4, assembled once per app. */
export function createRandomChat(options: CreateRandomChatOptions): RandomChat {
  const clock = options.clock ?? Date.now;
  const stores = createRandomChatStores({ redis: options.redis, ...(options.clock ? { clock } : {}) });
  const deps: RandomChatDeps = {
    io: options.io,
    queue: stores.queue,
    pairs: stores.pairs,
    line: stores.line,
    ai: options.ai,
    db: options.db,
    aliasSecret: options.authSecret,
    messageLimiter: stores.messageLimiter,
    moderation: options.moderation,
    automod: options.automod,
    log: options.log,
    metrics: options.metrics,
    clock,
    isClustered: stores.isShared,
    nodeId: randomUUID(),
    aiMatchTimeoutMs: options.aiMatchTimeoutMs ?? AI_MATCH_TIMEOUT_MS,
    rematchCooldownMs: options.rematchCooldownMs ?? REMATCH_COOLDOWN_MS,
    endedPairKeepMs: options.endedPairKeepMs ?? ENDED_PAIR_KEEP_MS,
    aiRooms: new Map(),
    aiNotBefore: new Map(),
  };
  options.metrics.setSources({ randomSearching: () => stores.queue.size() });
  const fallback = new AiFallback(deps);
  const heartbeat = stores.isShared ? new NodeHeartbeat(deps.queue, deps.nodeId, deps.log) : undefined;
  const listeners = randomChatListeners(deps);
  return {
    registerHandlers: (socket) => {
      listeners.attach(socket);
      fallback.announceTo(socket);
    },
    start: () => {
      fallback.start();
      heartbeat?.start();
    },
    stop: async () => {
      fallback.stop();
      // The sockets are closed by now (the socket plugin's preClose): their chats end and their waits
      // leave the line while the stores and Redis are still open.
      await listeners.settled();
      heartbeat?.stop();
      await Promise.all([stores.queue.close(), stores.pairs.close()]);
    },
  };
}

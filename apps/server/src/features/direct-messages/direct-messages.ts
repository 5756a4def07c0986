import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import type { FileStore } from "../../lib/file-store";
import type { Metrics } from "../../lib/metrics";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { AutomodGate } from "../automod/index";
import type { Feature } from "../feature";
import type { MarkThreadRead, Notify } from "../notifications/index";
import type { ImageJobs } from "../profiles/index";
import type { StreakRecorder } from "../streaks/index";
import { createDirectMessageWriter } from "./direct-message-writer";
import { directMessagesRoutes } from "./direct-messages.routes";
import { directMessageListeners } from "./direct-messages.socket";
import type { DirectMessagesDeps } from "./direct-messages-deps";
import { removeDirectMessagesOf } from "./remove-account";

/** Images a user may upload for direct messages per hour (ARCHITECTURE §7). */
export const DM_UPLOAD_RATE_LIMIT: RateLimit = { points: 30, durationSeconds: 60 * 60 };
/** Direct-message images one user may load per minute (a long thread scrolls past many). */
export const DM_IMAGE_VIEW_RATE_LIMIT: RateLimit = { points: 300, durationSeconds: 60 };

export interface CreateDirectMessagesOptions {
  io: HeartlineServer;
  db: Database;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  metrics: Metrics;
  storage: FileStore;
  guards: SessionGuards;
  automod: AutomodGate;
  imageJobs: ImageJobs;
  streaks?: StreakRecorder;
  notify?: Notify;
  markThreadRead?: MarkThreadRead;
  /** Tests only: the send clock (default `Date.now`). */
  clock?: () => number;
}

export interface DirectMessages extends Feature {
  /** The conversations API and the DM image upload (full `/api/...` paths). */
  routes: FastifyPluginAsyncZod;
  registerHandlers(socket: HeartlineSocket): void;
}

/** Direct messages (issue #11), assembled once per app from explicit dependencies. */
export function createDirectMessages(options: CreateDirectMessagesOptions): DirectMessages {
  const { io, db, redis, log, metrics, storage, guards, streaks, automod, imageJobs } = options;
  const deps: DirectMessagesDeps = {
    io,
    db,
    log,
    metrics,
    storage,
    guards,
    automod,
    imageJobs,
    clock: options.clock ?? Date.now,
    ...(streaks ? { streaks } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.markThreadRead ? { markThreadRead: options.markThreadRead } : {}),
    uploadLimiter: createRateLimiter({ redis, name: "dm-upload", ...DM_UPLOAD_RATE_LIMIT }),
    imageViewLimiter: createRateLimiter({ redis, name: "dm-image-view", ...DM_IMAGE_VIEW_RATE_LIMIT }),
    writer: createDirectMessageWriter(db, streaks),
  };
  const listeners = directMessageListeners(deps);
  return {
    routes: directMessagesRoutes(deps),
    registerHandlers: (socket) => listeners.attach(socket),
    removeAccount: removeDirectMessagesOf,
  };
}

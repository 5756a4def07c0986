import {
  CONFESSION_COMMENTS_PER_HOUR,
  CONFESSION_REACTIONS_PER_MINUTE,
  CONFESSIONS_PER_HOUR,
} from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { createRateLimiter } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import { CONFESSIONS_ROOM, userRoom } from "../../realtime/rooms";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { AutomodGate } from "../automod/index";
import type { AccountRemovalStep, Feature } from "../feature";
import type { Moderation } from "../moderation/index";
import type { Notify } from "../notifications/index";
import { detachFromWall, type Transaction } from "./account-removal";
import { confessionsRoutes } from "./confessions.routes";
import { confessionListeners } from "./confessions.socket";
import { confessionsAdminRoutes } from "./confessions-admin.routes";
import type { ConfessionsDeps } from "./confessions-deps";
import { type CountsBroadcaster, createCountsBroadcaster } from "./counts-broadcaster";
import { removalSchedule, type ScatteredPushOptions } from "./removal-schedule";
import { createRemovalSweeper } from "./removal-sweeper";
import { removeReported } from "./remove-confession-content";

const HOUR_SECONDS = 60 * 60;

export interface ConfessionContent {
  /** A report's "delete-message": the reported confession or comment goes, live (moderation's port). */
  removeReported(id: string): Promise<{ deleted: boolean }>;
  counts: CountsBroadcaster;
  /**
   * In an account deletion's transaction: detaches its content from it, each item due to leave at its
   * own random moment (ADR 0014). The returned call, after commit, has this node look ahead at once.
   */
  detachAccount(tx: Transaction, userId: string): Promise<() => void>;
  /** Clears the pending counts and the removal timers (the schedule is in the database). */
  stop(): Promise<void>;
}

export interface ConfessionContentOptions {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** The spread of an account's removals (tests shorten the 10-minute window). */
  accountRemoval?: ScatteredPushOptions;
}

/**
 * What moderation and account deletion need of the wall, made before them (the wall itself then asks
 * moderation): the removal of a reported confession or comment and the counts pushes it triggers, and
 * what an account deletion takes from the wall.
 */
export function createConfessionContent(options: ConfessionContentOptions): ConfessionContent {
  const { db, io, log } = options;
  const counts = createCountsBroadcaster({ db, io, log });
  const schedule = removalSchedule(options.accountRemoval);
  const sweeper = createRemovalSweeper({ db, io, counts, log, schedule });
  return {
    counts,
    removeReported: (id) => removeReported({ db, io, counts }, id),
    detachAccount: async (tx, userId) => {
      const waiting = await detachFromWall(tx, userId, schedule);
      return () => {
        if (waiting > 0) sweeper.deletionCommitted();
      };
    },
    stop: async () => {
      await sweeper.stop();
      counts.stop();
    },
  };
}

export interface CreateConfessionsOptions {
  db: Database;
  io: HeartlineServer;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  guards: SessionGuards;
  moderation: Moderation;
  automod: AutomodGate;
  content: ConfessionContent;
  clock?: () => number;
  notify?: Notify;
}

export interface Confessions extends Feature {
  /** `CONFESSION_PATHS` (full `/api/...` paths), the wall's and the admins'. */
  routes: FastifyPluginAsyncZod;
  registerHandlers(socket: HeartlineSocket): void;
  /** At an account deletion: its content leaves the wall, each item at its own moment (ADR 0014). */
  removeAccount: AccountRemovalStep;
  stop(): Promise<void>;
}

/** The confession wall (issue #13), assembled once per app from explicit dependencies. */
export function createConfessions(options: CreateConfessionsOptions): Confessions {
  const { db, io, redis, log, guards, moderation, content, automod } = options;
  const deps: ConfessionsDeps = {
    db,
    io,
    log,
    guards,
    moderation,
    automod,
    counts: content.counts,
    clock: options.clock ?? Date.now,
    ...(options.notify ? { notify: options.notify } : {}),
    limiters: {
      confessions: createRateLimiter({
        redis,
        name: "confession",
        points: CONFESSIONS_PER_HOUR,
        durationSeconds: HOUR_SECONDS,
      }),
      comments: createRateLimiter({
        redis,
        name: "confession-comment",
        points: CONFESSION_COMMENTS_PER_HOUR,
        durationSeconds: HOUR_SECONDS,
      }),
      reactions: createRateLimiter({
        redis,
        name: "confession-reaction",
        points: CONFESSION_REACTIONS_PER_MINUTE,
        durationSeconds: 60,
      }),
    },
  };
  // spec §4 Bans: a new ban stops the wall's pushes to the user's sockets at once, on every node.
  moderation.onBanned((event) => io.in(userRoom(event.userId)).socketsLeave(CONFESSIONS_ROOM));
  const listeners = confessionListeners(deps);
  return {
    routes: async (app) => {
      await app.register(confessionsRoutes(deps));
      await app.register(confessionsAdminRoutes({ db, io, counts: content.counts, guards }));
    },
    removeAccount: async (tx, userId) => ({ afterCommit: await content.detachAccount(tx, userId) }),
    registerHandlers: (socket) => listeners.attach(socket),
    stop: () => content.stop(),
  };
}

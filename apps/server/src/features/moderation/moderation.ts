import type { MutedUserRecord, MuteState } from "@heartline/shared";
import { mutedMessage } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { AppError } from "../../errors/app-error";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { Feature } from "../feature";
import { type FileReportInput, fileReport } from "./create-report";
import { adminRoutes, moderationRoutes } from "./moderation.routes";
import { moderationListeners } from "./moderation.socket";
import { type BanSubject, banExists, findMute, listMutedUsers, readStanding } from "./moderation-checks";
import type { BanEvent, ConfessionContentPort, GroupMessagesPort, ModerationDeps } from "./moderation-deps";
import { muteAutomatically } from "./mute-user";
import { type Standing, StandingCache } from "./standing-cache";

/** ARCHITECTURE §7: reports are rate limited per reporter, one count across the group and random chat. */
export const REPORT_RATE_LIMIT: RateLimit = { points: 5, durationSeconds: 60 * 60 };
/** One browser (device id cookie) makes a new guest per report: it has its own, wider limit. */
export const REPORT_DEVICE_RATE_LIMIT: RateLimit = { points: 10, durationSeconds: 60 * 60 };
/** Many browsers behind one address (a household, a campus NAT): wider still. */
export const REPORT_IP_RATE_LIMIT: RateLimit = { points: 30, durationSeconds: 60 * 60 };

export interface CreateModerationOptions {
  db: Database;
  io: HeartlineServer;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  guards: SessionGuards;
  /** The group chat's messages (delete for everyone, report snapshots), injected. */
  groupMessages: GroupMessagesPort;
  /** The confession wall's removal of reported posts and comments, injected. */
  confessions: ConfessionContentPort;
}

/**
 * Bans, mutes and reports as one interface (issue #5): every feature that lets people talk (group
 * chat, random chat, next DMs and confessions) gets this object from the composition root and asks it,
 * instead of reaching into moderation's files.
 */
export interface Moderation extends Feature {
  /** `isBanned` as an SQL condition on another query's user row (one round trip, bench B1). */
  banCondition: (subject: Parameters<typeof banExists>[1]) => ReturnType<typeof banExists>;
  muteOf(userId: string): Promise<MuteState | null>;
  /**
   * Banned, and the mute (with its end), answered from memory kept current across nodes; the
   * database is read on a miss only (the group send path, issue #16).
   */
  standingOf(subject: BanSubject): Promise<Standing>;
  /** Ban and mute read now from the database in one statement (never from the cache). */
  readStanding(subject: BanSubject): Promise<Standing>;
  /** spec §4, §6: a muted user cannot post and sees why (`forbidden` with the reason). */
  assertCanPost(userId: string): Promise<void>;
  listMutedUsers(): Promise<MutedUserRecord[]>;
  /** Stores a report from any feature, under the one per-reporter limit. */
  fileReport(input: FileReportInput): Promise<{ reportId: string }>;
  /**
   * AutoMod's short mute after repeated hits (issue #15): author "AutoMod", ends by itself, lifted
   * by an admin like any mute. Answers whether a new mute was applied (admins are never muted).
   */
  muteAutomatically(input: { userId: string; reason: string; minutes: number }): Promise<boolean>;
  /** Hears every new ban (the group chat takes the user out of the room). */
  onBanned(listener: (event: BanEvent) => void): void;
  /** `/api/moderation/me`, `/api/reports` and the admins' `/api/admin/*`. */
  routes: FastifyPluginAsyncZod;
  registerHandlers(socket: HeartlineSocket): void;
}

export function createModeration(options: CreateModerationOptions): Moderation {
  const { db, io, redis, log, guards, groupMessages, confessions } = options;
  const listeners: Array<(event: BanEvent) => void> = [];
  const standings = new StandingCache({ db, io, log, isClustered: redis !== null });
  const deps: ModerationDeps = {
    db,
    io,
    log,
    groupMessages,
    confessions,
    reportLimiters: {
      perReporter: createRateLimiter({ redis, name: "report", ...REPORT_RATE_LIMIT }),
      perDevice: createRateLimiter({ redis, name: "report-device", ...REPORT_DEVICE_RATE_LIMIT }),
      perIp: createRateLimiter({ redis, name: "report-ip", ...REPORT_IP_RATE_LIMIT }),
    },
    notifyBanned: (event) => {
      for (const listener of listeners) listener(event);
    },
    standingChanged: () => standings.forget(),
  };
  const socketListeners = moderationListeners(deps);
  return {
    banCondition: (subject) => banExists(db, subject),
    muteOf: (userId) => findMute(db, userId),
    standingOf: (subject) => standings.standingOf(subject),
    readStanding: (subject) => readStanding(db, subject),
    assertCanPost: async (userId) => {
      const mute = await findMute(db, userId);
      if (mute) throw new AppError("forbidden", mutedMessage(mute.reason, mute.expiresAt));
    },
    listMutedUsers: () => listMutedUsers(db),
    fileReport: (input) => fileReport({ deps, input }),
    muteAutomatically: (input) => muteAutomatically(deps, input),
    onBanned: (listener) => {
      listeners.push(listener);
    },
    routes: async (app) => {
      await app.register(moderationRoutes({ deps, guards }));
      // Its own plugin: the admin check hooks only the admin routes.
      await app.register(adminRoutes({ deps, guards }));
    },
    registerHandlers: (socket) => socketListeners.attach(socket),
  };
}

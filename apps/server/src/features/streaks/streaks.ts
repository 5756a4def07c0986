import { calendarDay, DM_ERROR_MESSAGES, STREAK_PATHS, userIdSchema } from "@heartline/shared";
import type { SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";
import { registeredOnly, type SessionGuards, sessionOf } from "../accounts/index";
import type { Feature } from "../feature";
import { readLeaderboard } from "./read-leaderboard";
import {
  listStreaks,
  pushStreakChange,
  readStreak,
  type StreakChange,
  type StreakReturning,
  streakChangeOf,
  streakUpsertSql,
} from "./streak-store";

export interface CreateStreaksOptions {
  db: Database;
  io: HeartlineServer;
  guards: SessionGuards;
  /** ARCHITECTURE §9.6 (`STREAK_TIME_ZONE`, default UTC). */
  timeZone: string;
  clock?: () => number;
}

type PairMessage = { senderId: string; receiverId: string; at: number };

/**
 * The streak's part of the direct-message send statement: `upsert` is a CTE over the statement's
 * relation of messages (columns `user_a`, `user_b`, `at` and `today`, the calendar day `dayOf` gives);
 * `changeOf` reads the row it returned.
 */
export interface StreakStatement {
  dayOf(at: number): string;
  upsert(input: SQL): SQL;
  changeOf(row: StreakReturning | undefined, message: PairMessage): StreakChange | null;
}

/** What the direct-message send uses: the statement's part, and `push` after commit. */
export interface StreakRecorder extends StreakStatement {
  push(change: StreakChange): void;
}

/** The streak's part of the send statement in `timeZone`, without the push (bench B5 drives it alone). */
export function streakStatement(timeZone: string): StreakStatement {
  return {
    dayOf: (at) => calendarDay(at, timeZone),
    upsert: streakUpsertSql,
    changeOf: (row, message) => streakChangeOf(row, { ...message, timeZone }),
  };
}

export interface Streaks extends Feature {
  routes: FastifyPluginAsyncZod;
  recorder: StreakRecorder;
}

/** Daily DM streaks and the leaderboard (issue #12), assembled once per app. */
export function createStreaks({ db, io, guards, timeZone, clock = Date.now }: CreateStreaksOptions): Streaks {
  const registered = { onRequest: registeredOnly(guards, DM_ERROR_MESSAGES.registeredOnly) };
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(STREAK_PATHS.streaks, registered, async (request) => ({
      streaks: await listStreaks(db, { userId: sessionOf(request).user.id, now: clock(), timeZone }),
      timeZone,
    }));
    app.get(
      "/api/streaks/:friendId",
      { ...registered, schema: { params: z.object({ friendId: userIdSchema }) } },
      async (request) =>
        readStreak(db, {
          userId: sessionOf(request).user.id,
          friendId: request.params.friendId,
          now: clock(),
          timeZone,
        }),
    );
    // Public: the leaderboard page needs no account (spec §2).
    app.get(STREAK_PATHS.leaderboard, async () => ({
      entries: await readLeaderboard(db, { now: clock(), timeZone }),
    }));
  };
  return {
    routes,
    recorder: { ...streakStatement(timeZone), push: (change) => pushStreakChange(io, change) },
  };
}

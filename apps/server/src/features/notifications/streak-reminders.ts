import { calendarDay, startOfNextDay } from "@heartline/shared";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows";
import type { RedisClient } from "../../lib/redis-client";
import type { Notify } from "./notification-event";

/** How long before the streak's midnight the reminder goes out. */
export const STREAK_REMINDER_LEAD_MS = 4 * 3_600_000;
/** Pairs claimed per statement (the next tick takes the rest). */
const CLAIM_BATCH = 500;
const LEASE_KEY = "heartline:notifications:streak-reminders:lease";

export interface StreakRemindersOptions {
  db: Database;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  notify: Notify;
  timeZone: string;
  clock: () => number;
  /** How often a node looks (default 5 minutes, jittered). */
  intervalMs: number;
}

/** The day before a 'YYYY-MM-DD' day (calendar arithmetic, no time zone involved). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Claims today's reminders of every streak that ends at this midnight (counted yesterday, nobody
 * wrote today) within `STREAK_REMINDER_LEAD_MS` of it: one statement inserts the pairs' rows of
 * `streak_reminders` and returns only those it inserted, so of parallel claims on any nodes (or a
 * node restarted mid-run) each pair is claimed once a day. Returns what was claimed.
 */
export async function claimStreakReminders(
  db: Database,
  input: { now: number; timeZone: string },
): Promise<{ userA: string; userB: string; count: number; day: string }[]> {
  const endOfToday = startOfNextDay(input.now, input.timeZone);
  if (input.now < endOfToday - STREAK_REMINDER_LEAD_MS) return [];
  const today = calendarDay(input.now, input.timeZone);
  // An instant of yesterday: 36 h before tonight's midnight (a day is 23 to 25 hours long).
  const startOfToday = new Date(startOfNextDay(endOfToday - 36 * 3_600_000, input.timeZone));
  const result = await db.execute(sql`
    with claimed as (
      insert into streak_reminders (user_a, user_b, day)
      select s.user_a, s.user_b, ${today} from streaks s
      where s.active and s.count > 0 and s.last_streak_day = ${dayBefore(today)}
        and s.last_message_at < ${startOfToday.toISOString()}
        and not exists (
          select 1 from streak_reminders r
          where r.user_a = s.user_a and r.user_b = s.user_b and r.day = ${today})
      limit ${CLAIM_BATCH}
      on conflict do nothing
      returning user_a, user_b)
    select c.user_a, c.user_b, s.count from claimed c
    join streaks s on s.user_a = c.user_a and s.user_b = c.user_b`);
  const rows = rowsOf<{ user_a: string; user_b: string; count: number | string }>(result);
  return rows.map((row) => ({ userA: row.user_a, userB: row.user_b, count: Number(row.count), day: today }));
}

export interface StreakReminders {
  start(): void;
  stop(): void;
}

/**
 * Every node looks every few minutes; with Redis, one holds a short lease and runs the claim (the
 * others skip); the unique row is what makes a reminder at-most-once, lease or not.
 */
export function createStreakReminders(options: StreakRemindersOptions): StreakReminders {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const leaseMs = Math.max(options.intervalMs, 1_000);
  const leaseHolder = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  const holdsLease = async () => {
    if (!options.redis) return true;
    const answer = await options.redis.set(LEASE_KEY, leaseHolder, { NX: true, PX: leaseMs });
    return answer === "OK";
  };

  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (!(await holdsLease())) return;
      const claimed = await claimStreakReminders(options.db, {
        now: options.clock(),
        timeZone: options.timeZone,
      });
      for (const pair of claimed) {
        const base = { kind: "streak_ending", count: pair.count, day: pair.day } as const;
        options.notify({ ...base, recipientId: pair.userA, actorId: pair.userB });
        options.notify({ ...base, recipientId: pair.userB, actorId: pair.userA });
      }
    } catch (error) {
      options.log.warn({ err: error }, "streak reminders not claimed");
    } finally {
      running = false;
    }
  };

  const schedule = () => {
    const jitter = Math.floor(Math.random() * Math.min(options.intervalMs / 5, 30_000));
    timer = setTimeout(() => {
      void tick().finally(() => {
        if (timer) schedule();
      });
    }, options.intervalMs + jitter);
    timer.unref();
  };

  return {
    start: schedule,
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

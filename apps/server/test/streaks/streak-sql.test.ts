import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyStreakMessage, calendarDay, type StreakState } from "@heartline/shared";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "../../src/db/create-database";
import { rowsOf } from "../../src/db/rows";
import {
  type StreakReturning,
  streakChangeOf,
  streakUpsertSql,
} from "../../src/features/streaks/streak-store";
import { databaseTemplate } from "../helpers/database-template";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-01-01 UTC: the 200 days after it cross both of New York's DST changes. */
const START = Date.UTC(2026, 0, 1);
const ZONES = ["UTC", "America/New_York"] as const;
const A = "streak_sql_a";
const B = "streak_sql_b";

type Row = { count: number; last_message_at: Date | string; last_streak_day: string | null; active: boolean };

/**
 * The send statement's streak update is spec §4 written in SQL (`streakUpsertSql`); the rules' reference
 * is `applyStreakMessage` (packages/shared). This holds the SQL to the reference on random states and
 * random timelines, on the real database (PGlite), in UTC and in a zone with DST.
 */
describe("the streak update in SQL matches applyStreakMessage", () => {
  let handle: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "streak-sql-"));
    const template = await databaseTemplate();
    handle = await createDatabase({
      dataDir,
      inMemory: true,
      ...(template ? { inMemoryFrom: template } : {}),
    });
    for (const id of [A, B]) {
      await handle.db.execute(sql`insert into "user" (id, name, email, username, email_verified, created_at, updated_at)
        values (${id}, ${id}, ${`${id}@example.com`}, ${id}, true, now(), now())`);
    }
    await handle.db.execute(
      sql`insert into friend_requests (sender_id, receiver_id, status) values (${A}, ${B}, 'accepted')`,
    );
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function store(state: StreakState | null): Promise<void> {
    await handle.db.execute(sql`delete from streaks`);
    if (!state) return;
    await handle.db.execute(sql`insert into streaks (user_a, user_b, count, last_message_at, last_streak_day, active, highest_count, reached_at)
      values (${A}, ${B}, ${state.count}, ${new Date(state.lastMessageAt).toISOString()}::timestamptz,
        ${state.lastStreakDay}, ${state.active}, ${state.count}, ${new Date(START).toISOString()}::timestamptz)`);
  }

  /** One message through the SQL: what it returned (as the send reads it) and the row it left. */
  async function send(at: number, timeZone: string, senderId = A) {
    const message = { senderId, receiverId: senderId === A ? B : A, at, timeZone };
    // The relation the send statement hands it: the pair in order (A < B), the time, and the day.
    const input = sql`(select ${A}::text as user_a, ${B}::text as user_b,
      ${new Date(at).toISOString()}::timestamptz as at, ${calendarDay(at, timeZone)}::text as today)`;
    const [returned] = rowsOf<StreakReturning>(await handle.db.execute(streakUpsertSql(input)));
    const [row] = rowsOf<Row>(
      await handle.db.execute(sql`select count, last_message_at, last_streak_day, active from streaks`),
    );
    const stored: StreakState | null = row
      ? {
          count: Number(row.count),
          lastMessageAt: new Date(row.last_message_at).getTime(),
          lastStreakDay: row.last_streak_day,
          active: row.active,
        }
      : null;
    return { change: streakChangeOf(returned, message), stored };
  }

  const states = fc.record({
    count: fc.integer({ min: 0, max: 120 }),
    /**
     * The last message, from 3 days before the new one to 1 hour after it (two nodes' clocks), and often
     * right at the 24-hour edge (clause 1's "more than 24 h").
     */
    lastMessageOffset: fc.oneof(
      fc.integer({ min: -3 * DAY, max: HOUR }),
      fc.constantFrom(-DAY - 1, -DAY, -DAY + 1),
    ),
    /** The last streak day, in days from the new message's day (null: never counted). */
    lastStreakDayOffset: fc.option(fc.integer({ min: -4, max: 1 }), { nil: null }),
    active: fc.boolean(),
  });

  it("one message on a random stored state (or none) gives the reference's state, previous count and toast inputs", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 200 * DAY }),
        fc.option(states, { nil: null, freq: 8 }),
        async (timeZone, offset, generated) => {
          const at = START + offset;
          const previous: StreakState | null = generated && {
            count: generated.count,
            lastMessageAt: at + generated.lastMessageOffset,
            lastStreakDay:
              generated.lastStreakDayOffset === null
                ? null
                : calendarDay(at + generated.lastStreakDayOffset * DAY, timeZone),
            active: generated.active,
          };
          await store(previous);
          const { change, stored } = await send(at, timeZone);
          const expected = applyStreakMessage(previous, at, timeZone);
          expect(stored).toEqual(expected);
          expect(change?.state).toEqual(expected);
          expect(change?.previousCount).toBe(previous?.count ?? 0);
        },
      ),
      { numRuns: 400 },
    );
  }, 300_000);

  it("random timelines over 200 days, both directions, end where the reference's fold ends", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(
          fc.tuple(
            fc.oneof(fc.integer({ min: 0, max: 60 * HOUR }), fc.constantFrom(DAY, DAY + 1)),
            fc.boolean(),
          ),
          { minLength: 1, maxLength: 60 },
        ),
        async (timeZone, steps) => {
          await store(null);
          let at = START;
          let expected: StreakState | null = null;
          for (const [gap, fromA] of steps) {
            at += gap;
            const previousCount = expected?.count ?? 0;
            expected = applyStreakMessage(expected, at, timeZone);
            const { change } = await send(at, timeZone, fromA ? A : B);
            expect(change?.state).toEqual(expected);
            expect(change?.previousCount).toBe(previousCount);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);

  it("non-friends get no streak row and no change", async () => {
    await handle.db.execute(sql`delete from friend_requests`);
    try {
      await store(null);
      const { change, stored } = await send(START, "UTC");
      expect(change).toBeNull();
      expect(stored).toBeNull();
    } finally {
      await handle.db.execute(
        sql`insert into friend_requests (sender_id, receiver_id, status) values (${A}, ${B}, 'accepted')`,
      );
    }
  });
});

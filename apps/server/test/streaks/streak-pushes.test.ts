import {
  STREAK_PATHS,
  type StreakBadge,
  type StreakList,
  type StreakUpdatedPayload,
} from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DmMember } from "../direct-messages/dm-fixtures";
import { requestAs } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { D, H, streakFixtures } from "./streak-fixtures";

const THREE_DAY_BADGE: StreakBadge = { days: 3, imageDays: 3, label: "3 Day Streak Achievement" };

/** The two pushes of one send, as each friend sees it (the other's id as `friendId`). */
const both = (a: DmMember, b: DmMember, payload: Omit<StreakUpdatedPayload, "friendId">) => [
  { friendId: b.person.id, ...payload },
  { friendId: a.person.id, ...payload },
];

/**
 * What the web's toasts and "breaks in N hours" warnings read (issue #12): `rose`, `newBadge` and
 * `breaksAt` on `streak_updated`, `breaksAt` and the zone on GET /api/streaks. Exact values.
 */
describe("streak pushes and the list in UTC", () => {
  let test: TestApp;
  let now = Date.UTC(2026, 0, 10, 12);
  const { friends, sendAndPushes, read } = streakFixtures(() => test);

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" }, clock: () => now });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it("tells both friends when the count rose, when a badge was earned and when the streak breaks", async () => {
    const [a, b] = await friends();
    const quiet = { rose: false, newBadge: null, badge: null };
    // The first message only creates the row (count 0: nothing to break; issue #38: not started yet).
    expect(await sendAndPushes(a, b)).toEqual(
      both(a, b, { ...quiet, count: 0, status: "broken", breaksAt: null, notStarted: true }),
    );
    now += 2 * H; // Jan 10: day 1, safe until the end of Jan 11.
    const dayOne = { count: 1, status: "active", badge: null, breaksAt: Date.UTC(2026, 0, 12) } as const;
    expect(await sendAndPushes(b, a)).toEqual(both(b, a, { ...dayOne, rose: true, newBadge: null }));
    expect(await sendAndPushes(a, b)).toEqual(both(a, b, { ...dayOne, rose: false, newBadge: null }));
    now += D; // Jan 11: day 2.
    expect(await sendAndPushes(a, b)).toEqual(
      both(a, b, { ...quiet, count: 2, status: "active", rose: true, breaksAt: Date.UTC(2026, 0, 13) }),
    );
    now += D; // Jan 12: day 3 earns the 3-day badge, once.
    const dayThree = {
      count: 3,
      status: "active",
      badge: THREE_DAY_BADGE,
      breaksAt: Date.UTC(2026, 0, 14),
    } as const;
    expect(await sendAndPushes(b, a)).toEqual(
      both(b, a, { ...dayThree, rose: true, newBadge: THREE_DAY_BADGE }),
    );
    expect(await sendAndPushes(a, b)).toEqual(both(a, b, { ...dayThree, rose: false, newBadge: null }));

    const list = await requestAs(test.app, a.person, "GET", STREAK_PATHS.streaks);
    expect(list.json<StreakList>()).toEqual({
      timeZone: "UTC",
      streaks: [
        {
          friendId: b.person.id,
          count: 3,
          status: "active",
          badge: THREE_DAY_BADGE,
          lastMessageAt: now,
          breaksAt: Date.UTC(2026, 0, 14),
        },
      ],
    });
    now += D; // Jan 13: breaking, breaks at midnight.
    expect(await read(b, a)).toMatchObject({ count: 3, status: "breaking", breaksAt: Date.UTC(2026, 0, 14) });
    now += D; // Jan 14: broken.
    expect(await read(b, a)).toMatchObject({ count: 0, status: "broken", badge: null, breaksAt: null });
  });
});

describe("streak days in a STREAK_TIME_ZONE with DST (ARCHITECTURE §9.6)", () => {
  let test: TestApp;
  // Saturday 7 March 2026, noon in New York (EST); clocks go forward at 02:00 on Sunday the 8th.
  let now = Date.UTC(2026, 2, 7, 17);
  const { friends, sendAndPushes, read } = streakFixtures(() => test);

  beforeAll(async () => {
    test = await startTestApp({
      env: { AUTH_RATE_LIMIT_SCALE: "100", STREAK_TIME_ZONE: "America/New_York" },
      clock: () => now,
    });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it("breaks at the zone's midnight after a 23-hour day, and names the zone in the list", async () => {
    const [a, b] = await friends("tz");
    // Its pushes are awaited too: one still on its way would be taken for the next send's.
    await sendAndPushes(a, b);
    now += H;
    // Day 1 is 7 March: safe through 8 March, which ends at 00:00 EDT on the 9th = 04:00 UTC.
    const [toB] = await sendAndPushes(b, a);
    expect(toB).toMatchObject({ count: 1, status: "active", rose: true, breaksAt: Date.UTC(2026, 2, 9, 4) });
    const list = await requestAs(test.app, a.person, "GET", STREAK_PATHS.streaks);
    expect(list.json<StreakList>()).toMatchObject({
      timeZone: "America/New_York",
      streaks: [{ friendId: b.person.id, count: 1, status: "active", breaksAt: Date.UTC(2026, 2, 9, 4) }],
    });
    now = Date.UTC(2026, 2, 8, 16); // noon EDT on the 8th
    expect(await read(a, b)).toMatchObject({
      count: 1,
      status: "breaking",
      breaksAt: Date.UTC(2026, 2, 9, 4),
    });
    const [toA] = await sendAndPushes(a, b);
    expect(toA).toMatchObject({ count: 2, status: "active", rose: true, breaksAt: Date.UTC(2026, 2, 10, 4) });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { streakBadgeFor } from "./streak-badge";
import {
  applyStreakMessage,
  calendarDay,
  type StreakState,
  startOfNextDay,
  streakBreaksAt,
  streakStatus,
} from "./streaks";

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.UTC(2026, 0, 10, 12); // a Saturday noon UTC

const state = (partial: Partial<StreakState>): StreakState => ({
  count: 3,
  lastMessageAt: T0,
  lastStreakDay: calendarDay(T0),
  active: true,
  ...partial,
});

describe("calendarDay (ARCHITECTURE §9.6)", () => {
  it("is the UTC day by default", () => {
    expect(calendarDay(Date.UTC(2026, 2, 1, 23, 59))).toBe("2026-03-01");
    expect(calendarDay(Date.UTC(2026, 2, 2, 0, 0))).toBe("2026-03-02");
  });
  it("follows a named zone across DST", () => {
    // New York: 2026-03-08 02:00 EST → 03:00 EDT. 04:30 UTC on the 9th is 00:30 EDT on the 9th.
    expect(calendarDay(Date.UTC(2026, 2, 9, 3, 59), "America/New_York")).toBe("2026-03-08");
    expect(calendarDay(Date.UTC(2026, 2, 9, 4, 0), "America/New_York")).toBe("2026-03-09");
    expect(calendarDay(Date.UTC(2026, 10, 2, 4, 59), "America/New_York")).toBe("2026-11-01");
    expect(calendarDay(Date.UTC(2026, 10, 2, 5, 0), "America/New_York")).toBe("2026-11-02");
  });
});

describe("streakStatus (spec §4 Status shown)", () => {
  it("no document is broken", () => expect(streakStatus(null, T0)).toBe("broken"));
  it("inactive is broken", () => expect(streakStatus(state({ active: false }), T0)).toBe("broken"));
  it("last streak date the same day is active", () =>
    expect(streakStatus(state({}), T0 + 11 * H)).toBe("active"));
  it("one day ago is breaking", () => expect(streakStatus(state({}), T0 + D)).toBe("breaking"));
  it("more than one day ago is broken (computed on read)", () =>
    expect(streakStatus(state({}), T0 + 2 * D)).toBe("broken"));
});

describe("applyStreakMessage (spec §4 Update on a message)", () => {
  it("a first message creates the streak at 0, inactive", () => {
    expect(applyStreakMessage(null, T0)).toEqual({
      count: 0,
      lastMessageAt: T0,
      lastStreakDay: null,
      active: false,
    });
  });
  it("more than 24 h since the last message and inactive resets to 0", () => {
    const next = applyStreakMessage(state({ count: 5, active: false }), T0 + 25 * H);
    expect(next).toMatchObject({ count: 0, active: false, lastMessageAt: T0 + 25 * H });
  });
  it("more than 24 h and broken by days (no sweep ran) resets to 0", () => {
    expect(applyStreakMessage(state({ count: 5 }), T0 + 3 * D)).toMatchObject({ count: 0, active: false });
  });
  it("count 0 and a message within 24 h becomes 1 and active", () => {
    const first = applyStreakMessage(null, T0);
    expect(applyStreakMessage(first, T0 + 23 * H)).toMatchObject({
      count: 1,
      active: true,
      lastStreakDay: calendarDay(T0 + 23 * H),
    });
  });
  it("an inactive streak with a message within 24 h becomes active at 1", () => {
    const next = applyStreakMessage(state({ count: 9, active: false }), T0 + H);
    expect(next).toMatchObject({ count: 1, active: true });
  });
  it("a new calendar day while active rises by 1 (even more than 24 h after the last message)", () => {
    expect(applyStreakMessage(state({}), T0 + D)).toMatchObject({ count: 4, active: true });
    expect(applyStreakMessage(state({ lastMessageAt: T0 - 11 * H }), T0 + D + 11 * H)).toMatchObject({
      count: 4,
    });
  });
  it("otherwise only the timestamp updates (once per calendar day)", () => {
    const next = applyStreakMessage(state({}), T0 + 5 * H);
    expect(next).toEqual({ ...state({}), lastMessageAt: T0 + 5 * H });
  });
});

// ---- property test against a small independent model --------------------------------------------

/** Day number by a different route: toLocaleDateString in en-CA (YYYY-MM-DD) → integer days. */
function modelDay(ms: number, timeZone: string): number {
  const label = new Date(ms).toLocaleDateString("en-CA", { timeZone });
  const [y, m, d] = label.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / D;
}

interface Model {
  count: number;
  last: number;
  streakDay: number | null;
  active: boolean;
}

function modelStep(m: Model | null, at: number, tz: string): Model {
  if (!m) return { count: 0, last: at, streakDay: null, active: false };
  const today = modelDay(at, tz);
  const alive = m.active && m.count > 0 && m.streakDay !== null && today - m.streakDay <= 1;
  const near = at - m.last <= D;
  if (near && (m.count === 0 || !alive)) return { count: 1, last: at, streakDay: today, active: true };
  if (!near && !alive) return { count: 0, last: at, streakDay: m.streakDay, active: false };
  if (alive && m.streakDay !== null && today > m.streakDay) {
    return { count: m.count + 1, last: at, streakDay: today, active: true };
  }
  return { ...m, last: at, active: alive };
}

const timeline = fc
  .array(fc.record({ gap: fc.integer({ min: 0, max: 60 * H }), fromA: fc.boolean() }), {
    minLength: 1,
    maxLength: 300,
  })
  .map((steps) => {
    let at = Date.UTC(2026, 1, 1) + 7 * H; // spans both DST changes of 2026 over 200 days
    const horizon = at + 200 * D;
    return steps.flatMap((step) => {
      at += step.gap;
      return at <= horizon ? [{ at, fromA: step.fromA }] : [];
    });
  });

describe.each(["UTC", "America/New_York", "Europe/London"])(
  "property: timelines over 200 days in %s",
  (tz) => {
    it("matches the model; rises at most once per day and only on a message; badge follows the count", () => {
      fc.assert(
        fc.property(timeline, (messages) => {
          let s: StreakState | null = null;
          let m: Model | null = null;
          const risenOn = new Set<string>();
          for (const { at } of messages) {
            const before: StreakState | null = s;
            s = applyStreakMessage(s, at, tz);
            m = modelStep(m, at, tz);
            expect(s.count).toBe(m.count);
            expect(s.active).toBe(m.active);
            const day = calendarDay(at, tz);
            const prevCount = before?.count ?? 0;
            if (s.count > prevCount) {
              expect(s.count - prevCount).toBeLessThanOrEqual(1);
              expect(risenOn.has(day)).toBe(false);
              risenOn.add(day);
            }
            if (s.count < prevCount) {
              // resets: to 0 after >24 h while inactive, or to 1 within 24 h while inactive
              expect(s.count === 0 ? at - (before as StreakState).lastMessageAt > D : s.count === 1).toBe(
                true,
              );
              expect(streakStatus(before, at, tz)).toBe("broken");
            }
            const count = s.count;
            const badge = streakBadgeFor(count)?.days ?? 0;
            expect(badge).toBe([3, 7, 14, 30, 60, 90].filter((t) => t <= count).pop() ?? 0);
          }
        }),
        { numRuns: 150 },
      );
    });
  },
);

describe("startOfNextDay and streakBreaksAt", () => {
  it("finds midnight in UTC and across a 23-hour DST day in New York", () => {
    expect(startOfNextDay(Date.parse("2026-05-01T13:45:12.345Z"))).toBe(Date.parse("2026-05-02T00:00:00Z"));
    // 2026-03-08 starts at 05:00Z (EST) and ends at 04:00Z next day (EDT): 23 hours.
    expect(startOfNextDay(Date.parse("2026-03-08T12:00:00.123Z"), "America/New_York")).toBe(
      Date.parse("2026-03-09T04:00:00Z"),
    );
    expect(startOfNextDay(Date.parse("2026-11-01T04:30:00Z"), "America/New_York")).toBe(
      Date.parse("2026-11-02T05:00:00Z"),
    );
  });

  it("an active streak breaks at the end of tomorrow, a breaking one at the end of today, a broken one never", () => {
    const streak = {
      count: 4,
      lastMessageAt: Date.parse("2026-05-01T10:00:00Z"),
      lastStreakDay: "2026-05-01",
      active: true,
    };
    expect(streakBreaksAt(streak, Date.parse("2026-05-01T20:00:00Z"))).toBe(
      Date.parse("2026-05-03T00:00:00Z"),
    );
    expect(streakBreaksAt(streak, Date.parse("2026-05-02T20:00:00Z"))).toBe(
      Date.parse("2026-05-03T00:00:00Z"),
    );
    expect(streakBreaksAt(streak, Date.parse("2026-05-03T00:00:00Z"))).toBeNull();
    expect(streakBreaksAt(null, Date.parse("2026-05-03T00:00:00Z"))).toBeNull();
  });
});

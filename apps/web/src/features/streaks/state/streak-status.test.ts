import type { StreakView } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import {
  breakingWarningText,
  hoursLeftText,
  nextStatusChangeAt,
  streakAt,
  streakStatusAt,
  zoneName,
} from "./streak-status";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-03-10T00:00:00Z; UTC days start at multiples of DAY from here. */
const MIDNIGHT = Date.parse("2026-03-10T00:00:00Z");

function view(overrides: Partial<StreakView>): StreakView {
  return {
    friendId: "f".repeat(24),
    count: 12,
    status: "active",
    badge: null,
    lastMessageAt: MIDNIGHT,
    // Messaged on 10 March: breaking all of 11 March, broken from 12 March 00:00 UTC.
    breaksAt: MIDNIGHT + 2 * DAY,
    ...overrides,
  };
}

describe("streakStatusAt (spec §4 Status shown, recomputed as time passes)", () => {
  it("is active on the day of the last streak message", () => {
    expect(streakStatusAt(view({}), MIDNIGHT + 20 * HOUR, "UTC")).toBe("active");
  });

  it("turns breaking at the next midnight and broken at breaksAt, with no new data", () => {
    const active = view({});
    expect(streakStatusAt(active, MIDNIGHT + DAY, "UTC")).toBe("breaking");
    expect(streakStatusAt(active, MIDNIGHT + 2 * DAY - 1, "UTC")).toBe("breaking");
    expect(streakStatusAt(active, MIDNIGHT + 2 * DAY, "UTC")).toBe("broken");
  });

  it("never goes back from what the server said when the client clock is behind", () => {
    const breaking = view({ status: "breaking", breaksAt: MIDNIGHT + DAY });
    expect(streakStatusAt(breaking, MIDNIGHT - 5 * DAY, "UTC")).toBe("breaking");
  });

  it("reads broken with no breaksAt", () => {
    expect(streakStatusAt(view({ status: "broken", count: 0, breaksAt: null }), MIDNIGHT, "UTC")).toBe(
      "broken",
    );
  });

  it("counts the days of a named zone, not UTC's", () => {
    // Berlin (UTC+1 in March): the streak breaks at 12 March 00:00 Berlin = 11 March 23:00 UTC.
    const berlin = view({ breaksAt: MIDNIGHT + 2 * DAY - HOUR });
    expect(streakStatusAt(berlin, MIDNIGHT + DAY - 2 * HOUR, "Europe/Berlin")).toBe("active");
    expect(streakStatusAt(berlin, MIDNIGHT + DAY - HOUR, "Europe/Berlin")).toBe("breaking");
  });
});

describe("streakAt", () => {
  it("shows a streak that broke on the client as the server reads it: count 0, no badge", () => {
    const shown = streakAt(view({ badge: null }), MIDNIGHT + 3 * DAY, "UTC");
    expect(shown).toMatchObject({ status: "broken", count: 0, badge: null, breaksAt: null });
  });

  it("keeps the count of a breaking streak", () => {
    expect(streakAt(view({}), MIDNIGHT + DAY + HOUR, "UTC")).toMatchObject({ status: "breaking", count: 12 });
  });
});

describe("nextStatusChangeAt", () => {
  it("is the next midnight for an active streak, then breaksAt, then nothing", () => {
    const active = view({});
    expect(nextStatusChangeAt(active, MIDNIGHT + HOUR, "UTC")).toBe(MIDNIGHT + DAY);
    expect(nextStatusChangeAt(active, MIDNIGHT + DAY + HOUR, "UTC")).toBe(MIDNIGHT + 2 * DAY);
    expect(nextStatusChangeAt(active, MIDNIGHT + 2 * DAY, "UTC")).toBeNull();
  });
});

describe("the breaking warning", () => {
  it("says the zone's midnight and the streak's length (issue #12)", () => {
    expect(breakingWarningText(12, "UTC")).toBe(
      "Send a message before midnight UTC to keep your 12-day streak",
    );
    expect(breakingWarningText(3, "America/New_York")).toBe(
      "Send a message before midnight New York time to keep your 3-day streak",
    );
    expect(zoneName("UTC")).toBe("UTC");
  });

  it("rounds the hours left up and says the last minute in words", () => {
    const breaksAt = MIDNIGHT + DAY;
    expect(hoursLeftText(breaksAt, breaksAt - 5 * HOUR)).toBe("5 hours left");
    expect(hoursLeftText(breaksAt, breaksAt - 4 * HOUR - 1)).toBe("5 hours left");
    expect(hoursLeftText(breaksAt, breaksAt - 59 * 60_000)).toBe("1 hour left");
    expect(hoursLeftText(breaksAt, breaksAt - 30_000)).toBe("less than a minute left");
  });
});

import { describe, expect, it } from "vitest";
import { streakAchievementLabel, streakBadgeFor } from "./streak-badge";

describe("streak badges (spec §9)", () => {
  it.each([
    [0, null],
    [2, null],
    [3, 3],
    [6, 3],
    [7, 7],
    [13, 7],
    [14, 14],
    [29, 14],
    [30, 30],
    [60, 60],
    [89, 60],
    [90, 90],
    [365, 90],
  ])("%i days → badge %s", (count, days) => {
    expect(streakBadgeFor(count)?.days ?? null).toBe(days);
  });

  it("the 90-day badge uses the 100-day image; the others their own", () => {
    expect(streakBadgeFor(90)?.imageDays).toBe(100);
    expect(streakBadgeFor(30)?.imageDays).toBe(30);
  });

  it("labels the leaderboard tooltip", () => {
    expect(streakBadgeFor(8)?.label).toBe("7 Day Streak Achievement");
    expect(streakAchievementLabel(12)).toBe("12 Day Streak Achievement");
  });
});

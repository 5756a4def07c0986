import type { StreakList, StreakUpdatedPayload } from "@heartline/shared";
import { streakBadgeFor } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { applyStreakUpdate, removeStreak } from "./apply-streak-update";

const ANA = "a".repeat(24);
const BEN = "b".repeat(24);
const list: StreakList = {
  timeZone: "UTC",
  streaks: [{ friendId: ANA, count: 2, status: "active", badge: null, lastMessageAt: 1, breaksAt: 10 }],
};
const update = (friendId: string, count: number): StreakUpdatedPayload => ({
  friendId,
  count,
  status: "active",
  badge: streakBadgeFor(count),
  breaksAt: 20,
  rose: true,
  newBadge: streakBadgeFor(count),
});

describe("applyStreakUpdate", () => {
  it("replaces the friend's streak with the pushed one", () => {
    const next = applyStreakUpdate(list, update(ANA, 3), 99);
    expect(next.streaks).toEqual([
      {
        friendId: ANA,
        count: 3,
        status: "active",
        badge: streakBadgeFor(3),
        lastMessageAt: 99,
        breaksAt: 20,
      },
    ]);
    expect(next.timeZone).toBe("UTC");
  });

  it("adds a streak with a friend who had none", () => {
    const next = applyStreakUpdate(list, update(BEN, 1), 99);
    expect(next.streaks.map((streak) => [streak.friendId, streak.count])).toEqual([
      [ANA, 2],
      [BEN, 1],
    ]);
  });

  it("drops a removed friend's streak", () => {
    expect(removeStreak(list, ANA).streaks).toEqual([]);
  });
});

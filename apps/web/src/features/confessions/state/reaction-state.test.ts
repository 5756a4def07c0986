import { describe, expect, it } from "vitest";
import { nextReaction, withReaction } from "./reaction-state";
import { confession } from "./test-confessions";

const counts = (love: number, fire: number) => ({
  "❤️": love,
  "😂": 0,
  "😮": 0,
  "😢": 0,
  "🔥": fire,
  "🙏": 0,
});

describe("a reaction tap", () => {
  it("adds the first reaction", () => {
    const state = withReaction(confession("c1", { reactions: counts(2, 0) }), nextReaction(null, "❤️"));
    expect(state).toEqual({ reactions: counts(3, 0), myReaction: "❤️" });
  });

  it("removes the reaction when the same emoji is tapped again", () => {
    const before = { reactions: counts(3, 0), myReaction: "❤️" as const };
    expect(nextReaction(before.myReaction, "❤️")).toBeNull();
    expect(withReaction(before, null)).toEqual({ reactions: counts(2, 0), myReaction: null });
  });

  it("replaces the reaction when another emoji is tapped", () => {
    const before = { reactions: counts(3, 1), myReaction: "❤️" as const };
    expect(withReaction(before, nextReaction(before.myReaction, "🔥"))).toEqual({
      reactions: counts(2, 2),
      myReaction: "🔥",
    });
  });

  it("never shows a count below zero when a push already took the viewer's reaction away", () => {
    expect(withReaction({ reactions: counts(0, 0), myReaction: "❤️" }, null).reactions["❤️"]).toBe(0);
  });

  it("rolls back to exactly what was shown before the tap", () => {
    const before = { reactions: counts(5, 1), myReaction: "🔥" as const };
    const optimistic = withReaction(before, "❤️");
    expect(optimistic).not.toEqual(before);
    expect(withReaction(optimistic, "🔥")).toEqual(before);
  });
});

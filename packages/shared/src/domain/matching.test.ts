import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GENDERS, PREFERENCES } from "./gender";
import {
  acceptsGender,
  areCompatible,
  choosePartner,
  INTEREST_PRIORITY_WINDOW_MS,
  type MatchCandidate,
  normaliseInterests,
  sharedInterestCount,
} from "./matching";

const person = (id: string, over: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id,
  gender: "female",
  preference: "any",
  interests: [],
  joinedAt: 0,
  ...over,
});

describe("acceptsGender", () => {
  it("accepts every gender with no preference and only the chosen one otherwise", () => {
    for (const gender of GENDERS) expect(acceptsGender("any", gender)).toBe(true);
    expect(acceptsGender("male", "male")).toBe(true);
    expect(acceptsGender("male", "female")).toBe(false);
    expect(acceptsGender("female", "prefer-not-to-say")).toBe(false);
  });
});

describe("areCompatible", () => {
  it("needs both preferences to accept the other's gender", () => {
    const a = person("a", { gender: "male", preference: "female" });
    const b = person("b", { gender: "female", preference: "male" });
    const c = person("c", { gender: "female", preference: "female" });
    expect(areCompatible(a, b)).toBe(true);
    expect(areCompatible(a, c)).toBe(false);
    expect(areCompatible(c, a)).toBe(false);
  });

  it("never pairs someone with themself", () => {
    expect(areCompatible(person("a"), person("a"))).toBe(false);
  });

  it("is symmetric", () => {
    const arb = fc.record({
      gender: fc.constantFrom(...GENDERS),
      preference: fc.constantFrom(...PREFERENCES),
    });
    fc.assert(
      fc.property(arb, arb, (x, y) => {
        const a = person("a", x);
        const b = person("b", y);
        expect(areCompatible(a, b)).toBe(areCompatible(b, a));
      }),
    );
  });
});

describe("interests", () => {
  it("normalises case, blanks, duplicates and keeps at most five", () => {
    expect(normaliseInterests([" Music ", "music", "", "Films", "a", "b", "c", "d"])).toEqual([
      "music",
      "films",
      "a",
      "b",
      "c",
    ]);
    expect(normaliseInterests(undefined)).toEqual([]);
  });

  it("counts shared interests", () => {
    expect(sharedInterestCount(["music", "films"], ["films", "art", "music"])).toBe(2);
    expect(sharedInterestCount([], ["films"])).toBe(0);
    expect(sharedInterestCount(["films"], [])).toBe(0);
  });
});

describe("choosePartner", () => {
  it("returns undefined when nobody compatible waits", () => {
    const joiner = person("j", { gender: "male", preference: "female" });
    expect(choosePartner(joiner, [person("x", { gender: "male" })], 0)).toBeUndefined();
    expect(choosePartner(joiner, [], 0)).toBeUndefined();
  });

  it("serves the longest wait first", () => {
    const joiner = person("j");
    const older = person("older", { joinedAt: 100 });
    const newer = person("newer", { joinedAt: 200 });
    expect(choosePartner(joiner, [newer, older], 300)?.id).toBe("older");
  });

  it("breaks equal waits by id so the order is stable", () => {
    const joiner = person("j");
    expect(choosePartner(joiner, [person("b"), person("a")], 10)?.id).toBe("a");
  });

  it("prefers a shared interest over a longer wait inside the interest window", () => {
    const joiner = person("j", { interests: ["music"] });
    const older = person("older", { joinedAt: 1_000, interests: ["sport"] });
    const match = person("match", { joinedAt: 2_000, interests: ["music"] });
    expect(choosePartner(joiner, [older, match], 3_000)?.id).toBe("match");
  });

  it("lets someone who waited past the interest window win on wait time", () => {
    const joiner = person("j", { interests: ["music"] });
    const older = person("older", { joinedAt: 0, interests: [] });
    const match = person("match", { joinedAt: 2_000, interests: ["music"] });
    expect(choosePartner(joiner, [older, match], INTEREST_PRIORITY_WINDOW_MS)?.id).toBe("older");
  });

  it("skips excluded pairs in either direction", () => {
    const joiner = person("j");
    const blocked = person("blocked", { joinedAt: 0 });
    const other = person("other", { joinedAt: 5 });
    const excluded = (a: string, b: string) => [a, b].includes("blocked");
    expect(choosePartner(joiner, [blocked, other], 10, excluded)?.id).toBe("other");
  });

  it("always finds a partner when a compatible, non-excluded candidate waits", () => {
    const arbPerson = fc.record({
      gender: fc.constantFrom(...GENDERS),
      preference: fc.constantFrom(...PREFERENCES),
      joinedAt: fc.integer({ min: 0, max: 10_000 }),
      interests: fc.array(fc.constantFrom("music", "films", "art"), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(arbPerson, fc.array(arbPerson, { maxLength: 8 }), (j, rest) => {
        const joiner = person("joiner", j);
        const waiting = rest.map((r, i) => person(`w${i}`, r));
        const chosen = choosePartner(joiner, waiting, 20_000);
        const anyCompatible = waiting.some((w) => areCompatible(joiner, w));
        expect(chosen !== undefined).toBe(anyCompatible);
        if (chosen) expect(areCompatible(joiner, chosen)).toBe(true);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GENDERS, PREFERENCES } from "./gender";
import { LANGUAGE_CODES } from "./languages";
import {
  acceptableAt,
  acceptsGender,
  areCompatible,
  choosePartner,
  INTEREST_PRIORITY_WINDOW_MS,
  LANGUAGE_PRIORITY_WINDOW_MS,
  languageHoldsApart,
  type MatchCandidate,
  matchScore,
  normaliseInterests,
  sharedInterestCount,
  sharesLanguage,
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
      languages: fc.uniqueArray(fc.constantFrom(...LANGUAGE_CODES), { maxLength: 3 }),
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

describe("languages (issue #39)", () => {
  it("says two people share a language only when both gave one in common", () => {
    expect(sharesLanguage(["es", "en"], ["fr", "en"])).toBe(true);
    expect(sharesLanguage(["es"], ["fr"])).toBe(false);
    expect(sharesLanguage([], ["fr"])).toBe(false);
    expect(sharesLanguage(undefined, ["fr"])).toBe(false);
  });

  it("ranks a shared language ahead of a longer wait inside the language window", () => {
    const joiner = person("j", { languages: ["es"] });
    const older = person("older", { joinedAt: 1_000, languages: ["de"] });
    const none = person("none", { joinedAt: 1_500 });
    const match = person("match", { joinedAt: 2_000, languages: ["fr", "es"] });
    expect(choosePartner(joiner, [older, none, match], 3_000)?.id).toBe("match");
  });

  it("ranks a shared language ahead of shared interests, and interests next", () => {
    const joiner = person("j", { languages: ["hi"], interests: ["music"] });
    const interestOnly = person("interest", { joinedAt: 1_000, interests: ["music"] });
    const languageOnly = person("language", { joinedAt: 2_000, languages: ["hi"] });
    const both = person("both", { joinedAt: 2_500, languages: ["hi"], interests: ["music"] });
    expect(choosePartner(joiner, [interestOnly, languageOnly, both], 3_000)?.id).toBe("both");
    expect(choosePartner(joiner, [interestOnly, languageOnly], 3_000)?.id).toBe("language");
    const stranger = person("stranger", { joinedAt: 500 });
    expect(choosePartner(joiner, [stranger, interestOnly], 3_000)?.id).toBe("interest");
  });

  it("lets someone who waited past the language window win on wait time, so nobody waits for ever", () => {
    const joiner = person("j", { languages: ["ar"] });
    const older = person("older", { joinedAt: 0, languages: ["id"] });
    const match = person("match", { joinedAt: 2_000, languages: ["ar"] });
    expect(choosePartner(joiner, [older, match], LANGUAGE_PRIORITY_WINDOW_MS - 1)?.id).toBe("match");
    expect(choosePartner(joiner, [older, match], LANGUAGE_PRIORITY_WINDOW_MS)?.id).toBe("older");
  });

  it("matches a joiner who gave no languages with anyone, longest wait first", () => {
    const joiner = person("j");
    const older = person("older", { joinedAt: 1_000, languages: ["de"] });
    const newer = person("newer", { joinedAt: 2_000, languages: ["en"] });
    expect(choosePartner(joiner, [newer, older], 3_000)?.id).toBe("older");
  });

  it("holds apart two who both gave languages and share none until one has waited the window", () => {
    const joiner = person("j", { joinedAt: 4_000, languages: ["fr"] });
    const only = person("only", { joinedAt: 2_000, languages: ["de"] });
    expect(languageHoldsApart(joiner, only, 4_000)).toBe(true);
    expect(choosePartner(joiner, [only], 4_000)).toBeUndefined();
    // "only" reaches the window first: from then on anyone compatible may take them.
    const lifted = 2_000 + LANGUAGE_PRIORITY_WINDOW_MS;
    expect(languageHoldsApart(joiner, only, lifted - 1)).toBe(true);
    expect(languageHoldsApart(joiner, only, lifted)).toBe(false);
    expect(choosePartner(joiner, [only], lifted)?.id).toBe("only");
    // The window of either one counts: a joiner who waited it takes a newer stranger too.
    const waited = person("waited", { joinedAt: 0, languages: ["fr"] });
    const fresh = person("fresh", { joinedAt: LANGUAGE_PRIORITY_WINDOW_MS, languages: ["de"] });
    expect(choosePartner(waited, [fresh], LANGUAGE_PRIORITY_WINDOW_MS)?.id).toBe("fresh");
  });

  it("never holds back someone who gave no languages, nor two who share one", () => {
    const speaker = person("speaker", { joinedAt: 1_000, languages: ["es"] });
    expect(languageHoldsApart(person("none", { joinedAt: 1_000 }), speaker, 1_000)).toBe(false);
    expect(languageHoldsApart(person("empty", { joinedAt: 1_000, languages: [] }), speaker, 1_000)).toBe(
      false,
    );
    expect(
      languageHoldsApart(person("both", { joinedAt: 1_000, languages: ["de", "es"] }), speaker, 1_000),
    ).toBe(false);
    expect(choosePartner(person("none", { joinedAt: 1_000 }), [speaker], 1_000)?.id).toBe("speaker");
  });

  it("accepts only compatible people the language hold does not keep apart", () => {
    const a = person("a", { languages: ["hi"] });
    expect(acceptableAt(a, person("b", { languages: ["hi"] }), 0)).toBe(true);
    expect(acceptableAt(a, person("c", { languages: ["ar"] }), 0)).toBe(false);
    expect(acceptableAt(a, person("c", { languages: ["ar"] }), LANGUAGE_PRIORITY_WINDOW_MS)).toBe(true);
    expect(acceptableAt(a, person("d", { gender: "male", preference: "male" }), 0)).toBe(false);
    expect(acceptableAt(a, a, LANGUAGE_PRIORITY_WINDOW_MS)).toBe(false);
  });

  it("scores language 2 and interest 1, a long wait counting as both", () => {
    const joiner = person("j", { languages: ["en"], interests: ["art"] });
    expect(matchScore(joiner, person("a", { joinedAt: 0, languages: ["en"] }), 1)).toBe(2);
    expect(matchScore(joiner, person("b", { joinedAt: 0, interests: ["art"] }), 1)).toBe(1);
    expect(matchScore(joiner, person("c", { joinedAt: 0 }), 1)).toBe(0);
    expect(
      matchScore(
        joiner,
        person("d", { joinedAt: 0 }),
        Math.max(LANGUAGE_PRIORITY_WINDOW_MS, INTEREST_PRIORITY_WINDOW_MS),
      ),
    ).toBe(3);
  });

  it("always picks an acceptable candidate of the best score, and among those the longest wait", () => {
    const arbPerson = fc.record({
      joinedAt: fc.integer({ min: 0, max: 10_000 }),
      interests: fc.array(fc.constantFrom("music", "films"), { maxLength: 1 }),
      languages: fc.uniqueArray(fc.constantFrom("en", "es", "hi"), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        arbPerson,
        fc.array(arbPerson, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 20_000 }),
        (j, rest, now) => {
          const joiner = person("joiner", j);
          const waiting = rest.map((r, i) => person(`w${i}`, r));
          const chosen = choosePartner(joiner, waiting, now);
          // Everyone is compatible here: only the language hold leaves some out.
          const acceptable = waiting.filter((w) => acceptableAt(joiner, w, now));
          expect(chosen === undefined).toBe(acceptable.length === 0);
          if (!chosen) return;
          expect(acceptableAt(joiner, chosen, now)).toBe(true);
          const best = Math.max(...acceptable.map((w) => matchScore(joiner, w, now)));
          expect(matchScore(joiner, chosen, now)).toBe(best);
          for (const w of acceptable) {
            if (matchScore(joiner, w, now) === best) expect(chosen.joinedAt).toBeLessThanOrEqual(w.joinedAt);
          }
        },
      ),
    );
  });
});

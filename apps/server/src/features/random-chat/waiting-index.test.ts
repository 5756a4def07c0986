import {
  choosePartner,
  GENDERS,
  LANGUAGE_CODES,
  LANGUAGE_PRIORITY_WINDOW_MS,
  type LanguageCode,
  PREFERENCES,
} from "@heartline/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WaitingEntry } from "./match-queue";
import { MemoryMatchQueue } from "./memory-match-queue";
import { WaitingIndex } from "./waiting-index";

const NOW = 1_000_000;

const person = (id: string, over: Partial<WaitingEntry> = {}): WaitingEntry => ({
  id,
  gender: "female",
  preference: "any",
  interests: [],
  joinedAt: NOW,
  socketId: `socket-${id}`,
  allowAI: false,
  ...over,
});

/** The places each entry should hold in the index (`WaitingIndex.listings`). */
const listingsOf = (entries: Iterable<WaitingEntry>): number =>
  [...entries].reduce(
    (sum, entry) => sum + 2 + Math.max(1, entry.languages?.length ?? 0) + entry.interests.length,
    0,
  );

describe("WaitingIndex", () => {
  it("finds the one compatible person among thousands who are not", () => {
    const index = new WaitingIndex<WaitingEntry>();
    for (let n = 0; n < 3_000; n += 1) {
      // Wrong gender for the joiner, or a language the joiner does not speak (held apart).
      index.add(
        n % 2 === 0
          ? person(`m${n}`, { gender: "male", preference: "any", joinedAt: NOW + n })
          : person(`es${n}`, { languages: ["es"], joinedAt: NOW + n }),
      );
    }
    const match = person("match", { languages: ["de", "fr"], joinedAt: NOW + 3_000 });
    index.add(match);
    // Nobody has waited the window yet, so the hold keeps the Spanish speakers apart from the joiner.
    const joiner = person("joiner", { preference: "female", languages: ["fr"], joinedAt: NOW + 3_001 });
    expect(index.choose(joiner, NOW + 3_001, () => false)).toBe(match);
  });

  it("after the window pairs people who share no language: the one who waited is taken", () => {
    const index = new WaitingIndex<WaitingEntry>();
    const spanish = person("spanish", { languages: ["es"], joinedAt: NOW });
    index.add(spanish);
    const german = person("german", { languages: ["de"], joinedAt: NOW + 100 });
    expect(index.choose(german, NOW + 100, () => false)).toBeUndefined();
    expect(index.choose(german, NOW + LANGUAGE_PRIORITY_WINDOW_MS, () => false)).toBe(spanish);
  });

  it("leaves no place behind when entries are removed", () => {
    const index = new WaitingIndex<WaitingEntry>();
    const a = person("a", { languages: ["es", "en"], interests: ["music", "films"] });
    const b = person("b", { gender: "male", interests: ["music"] });
    index.add(a);
    index.add(b);
    expect(index.listings()).toBe(listingsOf([a, b]));
    expect(index.remove(a)).toBe(true);
    expect(index.remove(a)).toBe(false);
    expect(index.listings()).toBe(listingsOf([b]));
    index.remove(b);
    expect(index.listings()).toBe(0);
    expect(index.size).toBe(0);
  });

  it("picks what choosePartner picks over the whole line, on random crowds", () => {
    const ids = Array.from({ length: 40 }, (_, n) => `p${n.toString().padStart(2, "0")}`);
    const languages: LanguageCode[] = ["en", "es", "de", LANGUAGE_CODES[3]];
    const entryArb = fc.record({
      id: fc.constantFrom(...ids),
      gender: fc.constantFrom(...GENDERS),
      preference: fc.constantFrom(...PREFERENCES),
      interests: fc.subarray(["music", "games", "films"]),
      languages: fc.oneof(fc.constant(undefined), fc.subarray(languages, { maxLength: 3 })),
      // Joins on the same millisecond (order by id) and waits on both sides of the window.
      joinedAt: fc.integer({ min: NOW - 2 * LANGUAGE_PRIORITY_WINDOW_MS, max: NOW }),
    });
    const crowdArb = fc.uniqueArray(entryArb, { selector: (entry) => entry.id, maxLength: 40 });
    const exclusionArb = fc.uniqueArray(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(
        crowdArb,
        fc.array(fc.nat(), { maxLength: 15 }),
        exclusionArb,
        entryArb,
        fc.boolean(),
        (crowd, leavers, pairs, outsider, fromInside) => {
          const index = new WaitingIndex<WaitingEntry>();
          // Added in a shuffled order, some removed again: the lists must stay in wait order.
          const entries = crowd.map((choices) => person(choices.id, choices));
          for (const entry of [...entries].reverse()) index.add(entry);
          const waiting = new Set(entries);
          for (const leaver of leavers) {
            const entry = entries[leaver % Math.max(1, entries.length)];
            if (entry && waiting.delete(entry)) expect(index.remove(entry)).toBe(true);
          }
          expect(index.listings()).toBe(listingsOf(waiting));
          const excluded = new Set(pairs.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
          const isExcluded = (a: string, b: string): boolean => excluded.has(`${a}|${b}`);
          // A joiner from outside (a join) or from the line itself (the sweep's joiners).
          const inside = [...waiting];
          const joiner =
            fromInside && inside.length > 0
              ? (inside[outsider.joinedAt % inside.length] as WaitingEntry)
              : person(`new-${outsider.id}`, { ...outsider, id: `new-${outsider.id}` });
          const expected = choosePartner(joiner, inside, NOW, isExcluded);
          expect(index.choose(joiner, NOW, isExcluded)?.id).toBe(expected?.id);
          expect(index.oldestFirst().map((entry) => entry.id)).toEqual(
            inside.sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : 1)).map((entry) => entry.id),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe("MemoryMatchQueue with its index", () => {
  it("takes someone who left, was matched or joined again out of every list", async () => {
    const queue = new MemoryMatchQueue({ clock: () => NOW });
    await queue.joinOrMatch(person("left", { languages: ["es"], interests: ["music"] }), NOW);
    await queue.joinOrMatch(person("again", { gender: "male", preference: "male" }), NOW);
    await queue.joinOrMatch(
      person("again", { gender: "male", preference: "male", interests: ["films"] }),
      NOW + 1,
    );
    expect(await queue.leave("left")).toBe(true);
    // "left" is gone: a Spanish speaker who would have been its partner waits.
    expect(await queue.joinOrMatch(person("joiner", { languages: ["es"] }), NOW + 2)).toBeNull();
    const taken = await queue.joinOrMatch(person("other", { languages: ["es"] }), NOW + 3);
    expect(taken?.id).toBe("joiner");
    // Only the second entry of "again" waits, once.
    expect((await queue.waiting()).map((entry) => [entry.id, entry.interests])).toEqual([
      ["again", ["films"]],
    ]);
    expect(await queue.size()).toBe(1);
    await queue.leave("again");
    expect(await queue.waiting()).toEqual([]);
    expect(await queue.joinOrMatch(person("last", { gender: "male" }), NOW + 4)).toBeNull();
  });

  it("the sweep pairs two who share no language once one has waited the window", async () => {
    let now = NOW;
    const queue = new MemoryMatchQueue({ clock: () => now });
    await queue.joinOrMatch(person("spanish", { languages: ["es"] }), now);
    now += 1_000;
    expect(await queue.joinOrMatch(person("german", { languages: ["de"], joinedAt: now }), now)).toBeNull();
    expect(await queue.sweep(now)).toEqual([]);
    now = NOW + LANGUAGE_PRIORITY_WINDOW_MS;
    const pairs = await queue.sweep(now);
    expect(pairs.map(([a, b]) => [a.id, b.id])).toEqual([["spanish", "german"]]);
    expect(await queue.waiting()).toEqual([]);
  });
});

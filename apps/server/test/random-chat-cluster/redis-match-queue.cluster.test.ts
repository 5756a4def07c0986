import {
  areCompatible,
  choosePartner,
  GENDERS,
  LANGUAGE_CODES,
  LANGUAGE_PRIORITY_WINDOW_MS,
  type MatchCandidate,
  PREFERENCES,
  REMATCH_COOLDOWN_MS,
} from "@heartline/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WaitingEntry } from "../../src/features/random-chat/match-queue";
import { RedisMatchQueue, SWEEP_BATCH } from "../../src/features/random-chat/redis-match-queue";
import {
  connectTestRedis,
  countKeys,
  deleteKeys,
  REDIS_URL,
  type RedisTestContext,
} from "./redis-test-client";

/**
 * The Lua matcher against the rule it mirrors (`choosePartner`), and its atomicity under concurrent
 * joins from two connections (two nodes). Runs against a real Redis (REDIS_URL).
 */

const T0 = 1_700_000_000_000;
const DAY_MS = 86_400_000;

const candidateArb = fc.record({
  // A small alphabet makes equal waits, shared prefixes and case differences common (the tie-break).
  id: fc.stringMatching(/^[abB0]{1,3}$/),
  gender: fc.constantFrom(...GENDERS),
  preference: fc.constantFrom(...PREFERENCES),
  interests: fc.uniqueArray(fc.constantFrom("music", "games", "art", "films", "été"), { maxLength: 3 }),
  // Issue #39: shared, unshared and absent languages (an entry of an older node has none at all).
  languages: fc.option(fc.uniqueArray(fc.constantFrom(...LANGUAGE_CODES.slice(0, 4)), { maxLength: 3 }), {
    nil: undefined,
  }),
  // Ties and the edges of the interest window are where a mirrored rule goes wrong.
  waitedMs: fc.oneof(
    { arbitrary: fc.constantFrom(0, 4_999, 5_000, 5_001), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 12_000 }), weight: 1 },
  ),
});
type CandidateSpec = typeof candidateArb extends fc.Arbitrary<infer T> ? T : never;

function toEntry(spec: CandidateSpec, now: number): WaitingEntry {
  const { waitedMs, ...rest } = spec;
  return { ...rest, joinedAt: now - waitedMs, socketId: `socket-${spec.id}`, allowAI: spec.id.length > 1 };
}

function byAge(a: MatchCandidate, b: MatchCandidate): number {
  return a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

describe.skipIf(!REDIS_URL)(
  REDIS_URL ? "RedisMatchQueue" : "RedisMatchQueue (skipped: REDIS_URL is not set)",
  () => {
    let context: RedisTestContext;
    let base: string;
    let run = 0;

    beforeAll(async () => {
      context = await connectTestRedis(REDIS_URL ?? "");
      base = context.freshPrefix();
    });
    afterAll(async () => {
      await context?.close();
    });

    /** A queue on an empty namespace of its own; `clock` is when exclusions start. */
    function freshQueue(clock: () => number = () => T0): { queue: RedisMatchQueue; prefix: string } {
      run += 1;
      const prefix = `${base}:${run}`;
      return { queue: new RedisMatchQueue({ redis: context.redis, keyPrefix: prefix, clock }), prefix };
    }

    /** Puts entries in the line through the public API: mutually excluded, so none pairs up. */
    async function seed(queue: RedisMatchQueue, entries: WaitingEntry[], now: number): Promise<void> {
      const exclusions: Promise<void>[] = [];
      entries.forEach((a, index) => {
        for (const b of entries.slice(index + 1)) exclusions.push(queue.exclude(a.id, b.id, DAY_MS));
      });
      await Promise.all(exclusions);
      for (const entry of entries) expect(await queue.joinOrMatch(entry, now)).toBeNull();
    }

    it("chooses exactly the partner choosePartner chooses, and updates the line accordingly", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(candidateArb, { selector: (spec) => spec.id, maxLength: 10 }),
          candidateArb,
          fc.array(fc.record({ target: fc.nat(), ttlMs: fc.integer({ min: 0, max: 20_000 }) }), {
            maxLength: 5,
          }),
          fc.integer({ min: 0, max: 15_000 }),
          async (waitingSpecs, joinerSpec, exclusionSpecs, nowOffset) => {
            fc.pre(!waitingSpecs.some((spec) => spec.id === joinerSpec.id));
            const now = T0 + nowOffset;
            const { queue, prefix } = freshQueue();
            const waiting = waitingSpecs.map((spec) => toEntry(spec, now));
            const joiner = toEntry(joinerSpec, now);
            await seed(queue, waiting, now);
            const exclusions = exclusionSpecs.flatMap(({ target, ttlMs }) => {
              const other = waiting[target % Math.max(waiting.length, 1)];
              return other ? [{ other: other.id, expiry: T0 + ttlMs }] : [];
            });
            for (const { other, expiry } of exclusions) await queue.exclude(joiner.id, other, expiry - T0);
            const isExcluded = (a: string, b: string): boolean =>
              exclusions.some(
                ({ other, expiry }) =>
                  expiry > now && ((a === joiner.id && b === other) || (b === joiner.id && a === other)),
              );

            const expected = choosePartner(joiner, waiting, now, isExcluded);
            const partner = await queue.joinOrMatch(joiner, now);

            expect(partner?.id).toBe(expected?.id);
            if (partner) expect(partner).toEqual(waiting.find((entry) => entry.id === partner.id));
            const line = expected
              ? waiting.filter((entry) => entry.id !== expected.id)
              : [...waiting, joiner];
            expect(await queue.waiting()).toEqual(line.sort(byAge));
            await deleteKeys(context.redis, `${prefix}:*`);
          },
        ),
        { numRuns: 200 },
      );
    });

    it("ranks a shared language first, then a shared interest, then the wait, like choosePartner (issue #39)", async () => {
      // Everyone compatible and inside the windows but a few: the ranking alone decides.
      const personArb = fc.record({
        id: fc.stringMatching(/^[abc]{1,2}$/),
        gender: fc.constantFrom("female" as const, "other" as const),
        preference: fc.constant("any" as const),
        interests: fc.uniqueArray(fc.constantFrom("music", "art"), { maxLength: 1 }),
        languages: fc.uniqueArray(fc.constantFrom("es" as const, "hi" as const, "ar" as const), {
          maxLength: 2,
        }),
        waitedMs: fc.constantFrom(0, 1_000, 4_999, 5_000),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(personArb, { selector: (spec) => spec.id, minLength: 1, maxLength: 6 }),
          personArb,
          async (waitingSpecs, joinerSpec) => {
            const now = T0;
            const { queue, prefix } = freshQueue();
            const waiting = waitingSpecs.map((spec) => toEntry(spec, now));
            const joiner = { ...toEntry(joinerSpec, now), id: "joiner" };
            await seed(queue, waiting, now);
            expect((await queue.joinOrMatch(joiner, now))?.id).toBe(choosePartner(joiner, waiting, now)?.id);
            await deleteKeys(context.redis, `${prefix}:*`);
          },
        ),
        { numRuns: 150 },
      );
    });

    it("breaks a tie between equal waits in different buckets by the id, bytewise like JavaScript", async () => {
      const { queue } = freshQueue();
      const now = T0;
      const entry = (id: string, gender: WaitingEntry["gender"]): WaitingEntry => ({
        id,
        gender,
        preference: "any",
        interests: [],
        joinedAt: now - 1_000,
        socketId: `socket-${id}`,
        allowAI: true,
      });
      // "B" < "a" < "ab" in JavaScript (and bytewise); a locale-aware order would differ.
      await seed(queue, [entry("ab", "female"), entry("a", "other"), entry("B", "prefer-not-to-say")], now);
      expect((await queue.joinOrMatch(entry("j1", "male"), now))?.id).toBe("B");
      expect((await queue.joinOrMatch(entry("j2", "male"), now))?.id).toBe("a");
      expect((await queue.joinOrMatch(entry("j3", "male"), now))?.id).toBe("ab");
      expect(await queue.waiting()).toEqual([]);
    });

    it("makes no double match when 200 joins race in from two connections (two nodes)", async () => {
      const second = await connectTestRedis(REDIS_URL ?? "");
      try {
        for (let round = 0; round < 3; round += 1) {
          const { prefix } = freshQueue();
          const nodes = [context.redis, second.redis].map(
            (redis) => new RedisMatchQueue({ redis, keyPrefix: prefix }),
          );
          const now = Date.now();
          const entries: WaitingEntry[] = Array.from({ length: 200 }, (_, index) => ({
            id: `r${round}u${index}`,
            // A spread of genders and preferences, fixed per index so a failure reproduces.
            gender: GENDERS[(index * 7 + round) % GENDERS.length] ?? "male",
            preference: PREFERENCES[(index * 5 + round * 3) % PREFERENCES.length] ?? "any",
            interests: index % 3 === 0 ? ["music"] : [],
            joinedAt: now + (index % 17),
            socketId: `socket-${index}`,
            allowAI: false,
          }));
          const results = await Promise.all(
            entries.map((entry, index) => (nodes[index % 2] as RedisMatchQueue).joinOrMatch(entry, now + 20)),
          );

          const pairs = results.flatMap((partner, index) =>
            partner ? [[entries[index] as WaitingEntry, partner] as const] : [],
          );
          const paired = pairs.flatMap(([a, b]) => [a.id, b.id]);
          expect(new Set(paired).size).toBe(paired.length);
          for (const [a, b] of pairs) expect(areCompatible(a, b)).toBe(true);
          expect(pairs.length).toBeGreaterThan(50);

          const waiting = await nodes[0]?.waiting();
          const pairedSet = new Set(paired);
          expect(waiting?.map((entry) => entry.id).sort()).toEqual(
            entries
              .filter((entry) => !pairedSet.has(entry.id))
              .map((entry) => entry.id)
              .sort(),
          );
          for (const [index, a] of (waiting ?? []).entries()) {
            for (const b of (waiting ?? []).slice(index + 1)) expect(areCompatible(a, b)).toBe(false);
          }
        }
      } finally {
        await second.close();
      }
    });

    it("takes interests Lua's JSON decoder would refuse (a lone surrogate) and still matches on them", async () => {
      const { queue } = freshQueue();
      const entry = (id: string, interests: string[]): WaitingEntry => ({
        id,
        gender: "other",
        preference: "any",
        interests,
        joinedAt: T0,
        socketId: `socket-${id}`,
        allowAI: false,
      });
      expect(await queue.joinOrMatch(entry("first", ["\uD800art"]), T0)).toBeNull();
      expect((await queue.get("first"))?.interests).toEqual(["\uFFFDart"]);
      expect((await queue.joinOrMatch(entry("second", ["😀", "\uFFFDart"]), T0))?.id).toBe("first");
    });

    it("leaves no key behind once everyone has left and the exclusions have been swept", async () => {
      let now = T0;
      const { queue, prefix } = freshQueue(() => now);
      const entry = (id: string): WaitingEntry => ({
        id,
        gender: "female",
        preference: "female",
        interests: ["art"],
        joinedAt: now,
        socketId: `socket-${id}`,
        allowAI: true,
      });
      await queue.exclude("x", "y", REMATCH_COOLDOWN_MS);
      expect(await queue.joinOrMatch(entry("x"), now)).toBeNull();
      expect(await queue.joinOrMatch(entry("y"), now)).toBeNull();
      expect(await queue.get("x")).toEqual(entry("x"));
      expect(await queue.isExcluded("y", "x", now)).toBe(true);
      expect(await queue.leave("x")).toBe(true);
      expect(await queue.leave("x")).toBe(false);
      expect(await queue.get("x")).toBeNull();
      now += REMATCH_COOLDOWN_MS;
      expect(await queue.isExcluded("x", "y", now)).toBe(false);
      expect(await queue.sweep(now)).toEqual([]);
      expect(await queue.leave("y")).toBe(true);
      expect(await countKeys(context.redis, `${prefix}:*`)).toBe(0);
    });

    it("drains more ended exclusions than one bounded call takes, pairing everyone they held apart", async () => {
      let now = T0;
      const { queue, prefix } = freshQueue(() => now);
      const entry = (id: string, gender: "male" | "female"): WaitingEntry => ({
        id,
        gender,
        preference: gender === "male" ? "female" : "male",
        interests: [],
        joinedAt: now,
        socketId: `socket-${id}`,
        allowAI: false,
      });
      // Each man is kept apart from every woman: 3 × 100 pairs, 600 keys, more than two calls' worth.
      const men = ["m0", "m1", "m2"];
      const women = Array.from({ length: 100 }, (_, index) => `w${index}`);
      expect(men.length * women.length * 2).toBeGreaterThan(2 * SWEEP_BATCH);
      for (const man of men) for (const woman of women) await queue.exclude(man, woman, REMATCH_COOLDOWN_MS);
      for (const man of men) expect(await queue.joinOrMatch(entry(man, "male"), now)).toBeNull();
      for (const woman of women.slice(0, 3))
        expect(await queue.joinOrMatch(entry(woman, "female"), now)).toBeNull();
      expect(await queue.sweep(now)).toEqual([]);

      now += REMATCH_COOLDOWN_MS;
      const pairs = await queue.sweep(now);
      expect(pairs.map(([a, b]) => [a.id, b.id].sort().join("+")).sort()).toEqual([
        "m0+w0",
        "m1+w1",
        "m2+w2",
      ]);
      expect(await queue.size()).toBe(0);
      expect(await countKeys(context.redis, `${prefix}:*`)).toBe(0);
    });

    it("pairs, in bounded calls and oldest first, more people whose language hold ended than one call takes (issue #39)", async () => {
      const { queue, prefix } = freshQueue(() => T0);
      const count = SWEEP_BATCH + 44;
      const entry = (index: number, gender: "male" | "female"): WaitingEntry => ({
        id: `${gender === "male" ? "m" : "w"}${index}`,
        gender,
        preference: gender === "male" ? "female" : "male",
        interests: [],
        languages: gender === "male" ? ["de"] : ["es"],
        joinedAt: T0 + index,
        socketId: `socket-${gender}-${index}`,
        allowAI: false,
      });
      // German-speaking men and Spanish-speaking women, one of each a millisecond: all held apart.
      for (let index = 0; index < count; index += 1) {
        expect(await queue.joinOrMatch(entry(index, "male"), T0 + index)).toBeNull();
        expect(await queue.joinOrMatch(entry(index, "female"), T0 + index)).toBeNull();
      }
      const last = T0 + count - 1;
      expect(await queue.sweep(T0 + LANGUAGE_PRIORITY_WINDOW_MS - 1)).toEqual([]);
      expect(await queue.size()).toBe(2 * count);

      // Every hold has ended: each man, oldest first, takes the woman who waited longest.
      const pairs = await queue.sweep(last + LANGUAGE_PRIORITY_WINDOW_MS);
      expect(pairs.map(([a, b]) => `${a.id}+${b.id}`)).toEqual(
        Array.from({ length: count }, (_, index) => `m${index}+w${index}`),
      );
      expect(await queue.size()).toBe(0);
      expect(await countKeys(context.redis, `${prefix}:*`)).toBe(0);
    });
  },
);

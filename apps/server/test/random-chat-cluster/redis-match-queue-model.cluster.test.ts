import { REMATCH_COOLDOWN_MS } from "@heartline/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchQueue } from "../../src/features/random-chat/match-queue";
import { MemoryMatchQueue } from "../../src/features/random-chat/memory-match-queue";
import { RedisMatchQueue } from "../../src/features/random-chat/redis-match-queue";
import { runMatchQueueModel } from "../random-chat/match-queue-model";
import { connectTestRedis, deleteKeys, REDIS_URL, type RedisTestContext } from "./redis-test-client";

/**
 * RedisMatchQueue over whole histories: the shared matching model (random join/leave/next/report/
 * disconnect sequences) and, operation by operation, the same answers as MemoryMatchQueue.
 */

const T0 = 1_700_000_000_000;
const DAY_MS = 86_400_000;

describe.skipIf(!REDIS_URL)(
  REDIS_URL ? "RedisMatchQueue histories" : "RedisMatchQueue histories (skipped: REDIS_URL is not set)",
  () => {
    let context: RedisTestContext;

    beforeAll(async () => {
      context = await connectTestRedis(REDIS_URL ?? "");
    });
    afterAll(async () => {
      await context?.close();
    });

    /** A queue on an empty namespace of its own, whose exclusions start at `clock()`. */
    function freshQueue(clock: () => number): { queue: RedisMatchQueue; prefix: string } {
      const prefix = context.freshPrefix();
      return { queue: new RedisMatchQueue({ redis: context.redis, keyPrefix: prefix, clock }), prefix };
    }

    it("passes the matching model: no self or double match, preferences and exclusions kept, nobody left waiting for a compatible person", async () => {
      await runMatchQueueModel((clock) => freshQueue(clock).queue, { numRuns: 150 });
    });

    it("answers every operation exactly like MemoryMatchQueue over random sequences", async () => {
      const userArb = fc.constantFrom("a", "ab", "B", "c0", "d");
      // Mostly compatible people, so excluded pairs wait side by side and sweeps have work to do.
      const joinerArb = fc.record({
        gender: fc.constantFrom("male", "female"),
        preference: fc.oneof(
          { arbitrary: fc.constant("any" as const), weight: 3 },
          { arbitrary: fc.constantFrom("male", "female"), weight: 1 },
        ),
        interests: fc.uniqueArray(fc.constantFrom("music", "games"), { maxLength: 1 }),
        languages: fc.uniqueArray(fc.constantFrom("es" as const, "ar" as const), { maxLength: 2 }),
      });
      const operationArb = fc.oneof(
        {
          arbitrary: fc.record({ kind: fc.constant("join" as const), who: joinerArb, id: userArb }),
          weight: 4,
        },
        // Two people kept apart who then wait side by side: the situation a sweep resolves.
        {
          arbitrary: fc.record({
            kind: fc.constant("apart" as const),
            a: userArb,
            b: userArb,
            whoA: joinerArb,
            whoB: joinerArb,
            ttlMs: fc.constantFrom(1_000, 6_000, REMATCH_COOLDOWN_MS),
          }),
          weight: 2,
        },
        { arbitrary: fc.record({ kind: fc.constant("leave" as const), id: userArb }), weight: 1 },
        {
          arbitrary: fc.record({
            kind: fc.constant("exclude" as const),
            a: userArb,
            b: userArb,
            ttlMs: fc.constantFrom(0, 1_000, 6_000, REMATCH_COOLDOWN_MS, DAY_MS),
          }),
          weight: 2,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant("wait" as const),
            // Exact multiples of the exclusions land a sweep on the very millisecond one ends.
            ms: fc.oneof(fc.constantFrom(1_000, 5_000, 6_000), fc.integer({ min: 0, max: 8_000 })),
          }),
          weight: 2,
        },
        { arbitrary: fc.constant({ kind: "sweep" as const }), weight: 2 },
        { arbitrary: fc.record({ kind: fc.constant("check" as const), a: userArb, b: userArb }), weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(operationArb, { minLength: 20, maxLength: 60 }), async (operations) => {
          let now = T0;
          const clock = (): number => now;
          const { queue, prefix } = freshQueue(clock);
          const reference = new MemoryMatchQueue({ clock });
          const both = async <R>(call: (target: MatchQueue) => Promise<R>): Promise<R> => {
            const [actual, expected] = await Promise.all([call(queue), call(reference)]);
            expect(actual).toEqual(expected);
            return actual;
          };
          for (const operation of operations) {
            if (operation.kind === "join") {
              const entry = {
                ...operation.who,
                id: operation.id,
                joinedAt: now,
                socketId: "s",
                allowAI: true,
              };
              await both((target) => target.joinOrMatch(entry, now));
            } else if (operation.kind === "apart") {
              await both((target) => target.exclude(operation.a, operation.b, operation.ttlMs));
              for (const [id, who] of [
                [operation.a, operation.whoA],
                [operation.b, operation.whoB],
              ] as const) {
                const entry = { ...who, id, joinedAt: now, socketId: "s", allowAI: true };
                await both((target) => target.joinOrMatch(entry, now));
              }
            } else if (operation.kind === "leave") {
              await both((target) => target.leave(operation.id));
            } else if (operation.kind === "exclude") {
              await both((target) => target.exclude(operation.a, operation.b, operation.ttlMs));
            } else if (operation.kind === "wait") {
              now += operation.ms;
            } else if (operation.kind === "sweep") {
              await both((target) => target.sweep(now));
            } else {
              await both((target) => target.isExcluded(operation.a, operation.b, now));
            }
            await both((target) => target.waiting());
          }
          await deleteKeys(context.redis, `${prefix}:*`);
        }),
        { numRuns: 200 },
      );
    });
  },
);

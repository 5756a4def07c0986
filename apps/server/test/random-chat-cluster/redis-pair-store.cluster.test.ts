import { randomUUID } from "node:crypto";
import type { ChatMessage } from "@heartline/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryPairStore } from "../../src/features/random-chat/memory-pair-store";
import type { Pair, PairMember, PairStore } from "../../src/features/random-chat/pair-store";
import { LIVE_PAIR_TTL_MS, RedisPairStore } from "../../src/features/random-chat/redis-pair-store";
import { describePairStoreContract, entry, human } from "../random-chat/pair-store-contract";
import { connectTestRedis, deleteKeys, REDIS_URL, type RedisTestContext } from "./redis-test-client";

/**
 * RedisPairStore answers like MemoryPairStore (the contract of pair-store.ts), stays atomic when two
 * nodes race, and leaves nothing without a TTL behind.
 */

const T0 = 1_700_000_000_000;
const USERS = ["u0", "u1", "u2", "u3"] as const;
/** Longer than any real run takes, so only the virtual clock decides what has expired. */
const KEEP_MS = [60_000, 600_000] as const;

const AI_MEMBER: PairMember = { userId: "ai-mia", socketId: "", gender: "female", isAI: true, name: "Mia" };

describe.skipIf(!REDIS_URL)(
  REDIS_URL ? "RedisPairStore" : "RedisPairStore (skipped: REDIS_URL is not set)",
  () => {
    let context: RedisTestContext;
    let second: RedisTestContext;

    beforeAll(async () => {
      context = await connectTestRedis(REDIS_URL ?? "");
      second = await connectTestRedis(REDIS_URL ?? "");
    });
    afterAll(async () => {
      await second?.close();
      await context?.close();
    });

    describe("the PairStore contract", () => {
      describePairStoreContract(
        (clock) => new RedisPairStore({ redis: context.redis, keyPrefix: context.freshPrefix(), clock }),
      );
    });

    it("answers every operation exactly like MemoryPairStore over random sequences", async () => {
      const userArb = fc.constantFrom(...USERS);
      // Mostly the latest room (-1), so its messages pile up past the kept window.
      const roomArb = fc.oneof({ arbitrary: fc.constant(-1), weight: 3 }, { arbitrary: fc.nat(), weight: 1 });
      const operationArb = fc.oneof(
        {
          arbitrary: fc.record({
            kind: fc.constant("create" as const),
            a: userArb,
            b: userArb,
            withAI: fc.boolean(),
          }),
          weight: 3,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant("end" as const),
            room: roomArb,
            keepMs: fc.constantFrom(...KEEP_MS),
          }),
          weight: 2,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant("message" as const),
            room: roomArb,
            id: fc.constantFrom("message-1", "message-2", "message-3", "message-4", "message-5"),
            keep: fc.constantFrom(2, 3, 20),
          }),
          weight: 4,
        },
        {
          arbitrary: fc.record({ kind: fc.constant("read" as const), room: roomArb, user: userArb }),
          weight: 2,
        },
        { arbitrary: fc.record({ kind: fc.constant("watch" as const), user: userArb }), weight: 1 },
        { arbitrary: fc.record({ kind: fc.constant("unwatch" as const), user: userArb }), weight: 1 },
        {
          arbitrary: fc.record({ kind: fc.constant("offer" as const), user: userArb, person: userArb }),
          weight: 2,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant("wait" as const),
            ms: fc.constantFrom(1_000, 59_000, 60_000, 300_000),
          }),
          weight: 2,
        },
      );
      await fc.assert(
        fc.asyncProperty(fc.array(operationArb, { minLength: 5, maxLength: 40 }), async (operations) => {
          let now = T0;
          const clock = (): number => now;
          const prefix = context.freshPrefix();
          const store = new RedisPairStore({ redis: context.redis, keyPrefix: prefix, clock });
          const reference = new MemoryPairStore({ clock });
          const rooms: string[] = [];
          const both = async <R>(call: (target: PairStore) => Promise<R>): Promise<R> => {
            const [actual, expected] = await Promise.all([call(store), call(reference)]);
            expect(actual).toEqual(expected);
            return actual;
          };
          const roomAt = (index: number): string =>
            (index < 0 ? rooms.at(-1) : rooms[index % Math.max(rooms.length, 1)]) ?? "no-room";
          for (const operation of operations) {
            switch (operation.kind) {
              case "create": {
                const roomId = `room-${rooms.length}`;
                rooms.push(roomId);
                const members: Pair["members"] = operation.withAI
                  ? [human(operation.a), AI_MEMBER]
                  : [human(operation.a), human(operation.b)];
                await both((target) => target.create({ roomId, members, startedAt: now }));
                break;
              }
              case "end":
                await both((target) => target.end(roomAt(operation.room), operation.keepMs));
                break;
              case "message": {
                const message: ChatMessage = {
                  id: operation.id,
                  content: `hello ${now}`,
                  senderId: "u0",
                  timestamp: now,
                  type: "text",
                };
                await both((target) => target.addMessage(roomAt(operation.room), message, operation.keep));
                break;
              }
              case "read":
                await both((target) => target.get(roomAt(operation.room)));
                await both((target) => target.byUser(operation.user));
                await both((target) => target.lastEnded(operation.user));
                await both((target) => target.messages(roomAt(operation.room)));
                break;
              case "watch":
                await both((target) => target.watch(entry(operation.user, now)));
                break;
              case "unwatch":
                await both((target) => target.unwatch(operation.user));
                break;
              case "offer":
                await both((target) => target.claimOffer(operation.user, operation.person));
                break;
              case "wait":
                now += operation.ms;
                break;
            }
            await both((target) => target.watching());
            now += 1;
          }
          await deleteKeys(context.redis, `${prefix}:*`);
        }),
        { numRuns: 150 },
      );
    });

    it("ends a pair for exactly one of many concurrent callers on two nodes", async () => {
      const prefix = context.freshPrefix();
      const nodes = [context.redis, second.redis].map(
        (redis) => new RedisPairStore({ redis, keyPrefix: prefix }),
      );
      for (let round = 0; round < 20; round += 1) {
        const roomId = randomUUID();
        const members: Pair["members"] = [human(`a${round}`), human(`b${round}`)];
        expect(await nodes[0]?.create({ roomId, members, startedAt: Date.now() })).toBe(true);
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, index) => nodes[index % 2]?.end(roomId, 60_000)),
        );
        expect(results.filter((result) => result !== null)).toHaveLength(1);
        expect(await nodes[1]?.byUser(`a${round}`)).toBeNull();
        expect((await nodes[1]?.lastEnded(`b${round}`))?.roomId).toBe(roomId);
      }
    });

    it("puts a person in one pair only when two nodes pair them at the same moment", async () => {
      const prefix = context.freshPrefix();
      const nodes = [context.redis, second.redis].map(
        (redis) => new RedisPairStore({ redis, keyPrefix: prefix }),
      );
      for (let round = 0; round < 20; round += 1) {
        const pairs: Pair[] = [`x${round}`, `y${round}`].map((other) => ({
          roomId: randomUUID(),
          members: [human(`shared${round}`), human(other)],
          startedAt: Date.now(),
        }));
        const created = await Promise.all(pairs.map((pair, index) => nodes[index]?.create(pair)));
        expect(created.filter(Boolean)).toHaveLength(1);
        const winner = pairs[created.indexOf(true)];
        expect((await nodes[0]?.byUser(`shared${round}`))?.roomId).toBe(winner?.roomId);
        const loser = pairs[created.indexOf(false)];
        // Nothing of the refused pair was written, not even its other member's pointer.
        expect(await nodes[1]?.get(loser?.roomId ?? "")).toBeNull();
        expect(await nodes[1]?.byUser(loser?.members[1].userId ?? "")).toBeNull();
      }
    });

    it("puts a TTL on every key it writes, so a crashed node leaks nothing for long", async () => {
      const prefix = context.freshPrefix();
      const store = new RedisPairStore({ redis: context.redis, keyPrefix: prefix });
      const live: Pair = { roomId: randomUUID(), members: [human("p"), human("q")], startedAt: Date.now() };
      const ended: Pair = { roomId: randomUUID(), members: [human("r"), AI_MEMBER], startedAt: Date.now() };
      for (const pair of [live, ended]) {
        expect(await store.create(pair)).toBe(true);
        const message: ChatMessage = {
          id: "message-1",
          content: "hi",
          senderId: "p",
          timestamp: 1,
          type: "text",
        };
        expect(await store.addMessage(pair.roomId, message, 20)).toEqual({ isNew: true, timestamp: 1 });
      }
      await store.end(ended.roomId, 60_000);
      await store.watch(entry("r", Date.now()));
      expect(await store.claimOffer("r", "p")).toBe(true);
      expect(await store.claimOffer("r", "p")).toBe(false);

      const keys: string[] = [];
      for await (const batch of context.redis.scanIterator({ MATCH: `${prefix}:*` })) keys.push(...batch);
      expect(keys.length).toBeGreaterThanOrEqual(10);
      for (const key of keys) {
        const ttl = await context.redis.pTTL(key);
        expect({ key, hasTtl: ttl > 0 && ttl <= LIVE_PAIR_TTL_MS }).toEqual({ key, hasTtl: true });
      }
    });
  },
);

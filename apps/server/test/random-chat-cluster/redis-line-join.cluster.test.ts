import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LineJoinRequest, StepwiseLineJoin } from "../../src/features/random-chat/line-join";
import type { WaitingEntry } from "../../src/features/random-chat/match-queue";
import { MemoryMatchQueue } from "../../src/features/random-chat/memory-match-queue";
import { MemoryPairStore } from "../../src/features/random-chat/memory-pair-store";
import { RedisLineJoin } from "../../src/features/random-chat/redis-line-join";
import { heartbeatKey, RedisMatchQueue } from "../../src/features/random-chat/redis-match-queue";
import { RedisPairStore } from "../../src/features/random-chat/redis-pair-store";
import { delay } from "../helpers/socket-events";
import { countingClient, REDIS_URL, useTestRedis } from "./redis-test-client";

/**
 * `join` and `next` in one round trip (issue #16): the Lua line join against a real Redis (REDIS_URL),
 * its work read back through `RedisMatchQueue` and `RedisPairStore` on the same keys, and the Redis
 * commands it sends counted on a wrapped client (commands, not time).
 */

const T0 = Date.now();
const COOLDOWN_MS = 10_000;
const KEEP_MS = 600_000;
const HEARTBEAT_TTL_MS = 5_000;

function entry(id: string, gender: "male" | "female", extra: Partial<WaitingEntry> = {}): WaitingEntry {
  return {
    id,
    gender,
    preference: gender === "male" ? "female" : "male",
    interests: [],
    joinedAt: T0,
    socketId: `socket-${id}`,
    allowAI: false,
    ...extra,
  };
}

describe.skipIf(!REDIS_URL)(
  REDIS_URL ? "RedisLineJoin" : "RedisLineJoin (skipped: REDIS_URL is not set)",
  () => {
    const testRedis = useTestRedis();

    function fresh() {
      const context = testRedis();
      const keyPrefix = context.freshPrefix();
      const counted = countingClient(context.redis);
      return {
        ...counted,
        keyPrefix,
        line: new RedisLineJoin({ redis: counted.client, keyPrefix, heartbeatTtlMs: HEARTBEAT_TTL_MS }),
        queue: new RedisMatchQueue({ redis: context.redis, keyPrefix }),
        pairs: new RedisPairStore({ redis: context.redis, keyPrefix }),
      };
    }

    const request = (joiner: WaitingEntry, roomId: string): LineJoinRequest => ({
      entry: joiner,
      now: T0,
      roomId,
      rematchCooldownMs: COOLDOWN_MS,
      endedPairKeepMs: KEEP_MS,
    });

    it("does a `next` in one command: ends the pair, keeps the two apart, matches and records the new pair", async () => {
      const { line, queue, pairs, commands } = fresh();
      const node = { nodeId: "node-a" };
      expect(await line.join(request(entry("ann", "female", node), "room-1"))).toEqual({
        ended: null,
        partner: null,
        pair: null,
        status: { searching: 1, isHeldByCooldown: false },
        hasWatchers: false,
      });
      const first = await line.join(request(entry("bob", "male", node), "room-1"));
      expect(first.partner?.id).toBe("ann");
      expect(first.pair?.members.map((member) => [member.userId, member.nodeId])).toEqual([
        ["ann", "node-a"],
        ["bob", "node-a"],
      ]);
      expect(await pairs.byUser("ann")).toEqual(first.pair);

      await line.join(request(entry("cat", "female", node), "unused"));
      commands.length = 0;
      // bob presses next: his chat with ann ends, and cat (waiting) is his new partner.
      const next = await line.join(request(entry("bob", "male", node), "room-2"));
      expect(commands).toEqual(["heartlineRandomChatJoinLine"]);
      expect(next.ended?.roomId).toBe("room-1");
      expect(next.partner?.id).toBe("cat");
      expect(next.pair?.roomId).toBe("room-2");
      expect(await pairs.byUser("ann")).toBeNull();
      expect((await pairs.byUser("bob"))?.roomId).toBe("room-2");
      expect((await pairs.lastEnded("ann"))?.roomId).toBe("room-1");
      expect(await queue.isExcluded("ann", "bob", T0 + COOLDOWN_MS - 1)).toBe(true);
      expect(await queue.isExcluded("ann", "bob", T0 + COOLDOWN_MS)).toBe(false);
      // ann joins again: bob is excluded and in a chat, so she waits; cat is taken, so she waits alone.
      commands.length = 0;
      const waits = await line.join(request(entry("ann", "female", node), "room-3"));
      expect(commands).toEqual(["heartlineRandomChatJoinLine"]);
      expect(waits).toMatchObject({ pair: null, status: { searching: 1, isHeldByCooldown: false } });
      expect((await queue.get("ann"))?.id).toBe("ann");
    });

    it("answers a join that waits with the waiting screen's figures in the same command", async () => {
      const { line, queue, pairs, commands } = fresh();
      await line.join(request(entry("ann", "female"), "room-1"));
      await line.join(request(entry("bob", "male"), "room-1"));
      // bob presses next: ann is not in the line, so nothing holds a match back; nobody chats with the AI.
      expect(await line.join(request(entry("bob", "male"), "room-2"))).toMatchObject({
        partner: null,
        status: { searching: 1, isHeldByCooldown: false },
        hasWatchers: false,
      });
      await pairs.watch(entry("zed", "male"));
      commands.length = 0;
      // ann searches again: bob waits and suits her, and only the rematch cooldown keeps them apart.
      const ann = await line.join(request(entry("ann", "female"), "room-3"));
      expect(commands).toEqual(["heartlineRandomChatJoinLine"]);
      expect(ann).toMatchObject({ status: { searching: 2, isHeldByCooldown: true }, hasWatchers: true });
      // A longer exclusion (a report) is not the cooldown, and is not said.
      await queue.exclude("ann", "bob", 10 * COOLDOWN_MS);
      expect((await line.join(request(entry("ann", "female"), "room-4"))).status).toEqual({
        searching: 2,
        isHeldByCooldown: false,
      });
    });

    it("answers every join exactly like the memory stores chained step by step (StepwiseLineJoin)", async () => {
      const joinArb = fc.record({
        id: fc.constantFrom("a", "ab", "B", "c0"),
        gender: fc.constantFrom("male" as const, "female" as const),
        preference: fc.constantFrom("any" as const, "male" as const, "female" as const),
        interests: fc.uniqueArray(fc.constantFrom("music", "games"), { maxLength: 1 }),
        languages: fc.uniqueArray(fc.constantFrom("fr" as const, "id" as const), { maxLength: 2 }),
        advanceMs: fc.constantFrom(0, 3_000, COOLDOWN_MS),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(joinArb, { maxLength: 14 }), async (joins) => {
          let now = T0;
          const clock = () => now;
          const memoryQueue = new MemoryMatchQueue({ clock });
          const memory = new StepwiseLineJoin(memoryQueue, new MemoryPairStore({ clock }));
          const { line, queue } = fresh();
          for (const [index, { advanceMs, ...who }] of joins.entries()) {
            now += advanceMs;
            const joiner: WaitingEntry = { ...who, joinedAt: now, socketId: `s${index}`, allowAI: false };
            const asked = { ...request(joiner, `room-${index}`), now };
            expect(await line.join(asked)).toEqual(await memory.join(asked));
          }
          expect(await queue.waiting()).toEqual(await memoryQueue.waiting());
        }),
        { numRuns: 60 },
      );
    });

    it("never takes a waiting person whose node stopped beating, and drops them from the line", async () => {
      const { line, queue, keyPrefix } = fresh();
      // Each join beats for its own node, so both start waiting with a live node.
      await line.join(request(entry("gone", "female", { nodeId: "node-dead", joinedAt: T0 - 2 }), "x"));
      await line.join(request(entry("short", "female", { nodeId: "node-short", joinedAt: T0 - 1 }), "x"));
      // node-dead's heartbeat is gone; node-short's last beat lapses.
      await testRedis().redis.del(heartbeatKey(keyPrefix, "node-dead"));
      await queue.heartbeat("node-short", 50);
      await delay(150);
      await queue.heartbeat("node-live", HEARTBEAT_TTL_MS);
      await line.join(request(entry("live", "female", { nodeId: "node-live" }), "x"));

      const outcome = await line.join(request(entry("joiner", "male", { nodeId: "node-b" }), "room"));
      expect(outcome.partner?.id).toBe("live");
      expect(await queue.get("gone")).toBeNull();
      expect(await queue.get("short")).toBeNull();
      expect(await queue.size()).toBe(0);
    });

    it("reads only this node's long waits that allow the AI, oldest first and bounded", async () => {
      const { line, queue } = fresh();
      const join = (id: string, extra: Partial<WaitingEntry>) =>
        line.join(request(entry(id, "female", { preference: "female", allowAI: true, ...extra }), "x"));
      // Women who want women: each join would pair them, so every one is kept apart from the others.
      const ids = ["w1", "w2", "w3", "w4", "w5"];
      for (const a of ids) for (const b of ids) if (a < b) await queue.exclude(a, b, COOLDOWN_MS);
      await join("w1", { nodeId: "here", joinedAt: T0 - 30_000 });
      await join("w2", { nodeId: "elsewhere", joinedAt: T0 - 29_000 });
      await join("w3", { nodeId: "here", joinedAt: T0 - 28_000, allowAI: false });
      await join("w4", { nodeId: "here", joinedAt: T0 - 27_000 });
      await join("w5", { nodeId: "here", joinedAt: T0 - 1_000 });
      expect(await queue.size()).toBe(5);
      const ids2 = async (limit: number) =>
        (await queue.longWaits("here", T0 - 15_000, limit)).map((waiting) => waiting.id);
      expect(await ids2(10)).toEqual(["w1", "w4"]);
      expect(await ids2(1)).toEqual(["w1"]);
      await queue.leave("w1");
      expect(await ids2(10)).toEqual(["w4"]);
    });
  },
);

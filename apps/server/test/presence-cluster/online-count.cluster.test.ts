import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OnlineCount } from "../../src/features/presence/online-count";
import { RedisPresenceStore } from "../../src/features/presence/redis-presence-store";
import { connectTestRedis, REDIS_URL, type RedisTestContext } from "../random-chat-cluster/redis-test-client";

/**
 * Two nodes' online counts on one Redis (docs/scaling.md §6.4): each pushes the total to its own
 * clients only, so the node whose count changed announces it and the other reads the total and pushes
 * it to its clients, once; a sync asked for by an announcement is not announced back.
 */
describe.skipIf(!REDIS_URL)(
  REDIS_URL
    ? "the online count on two nodes"
    : "the online count on two nodes (skipped: REDIS_URL is not set)",
  () => {
    let nodeA: RedisTestContext;
    let nodeB: RedisTestContext;
    const run = randomBytes(6).toString("hex");
    const counts: OnlineCount[] = [];

    beforeAll(async () => {
      nodeA = await connectTestRedis(REDIS_URL ?? "");
      nodeB = await connectTestRedis(REDIS_URL ?? "");
    });
    afterAll(async () => {
      for (const count of counts) await count.stop();
      await nodeA.close();
      await nodeB.close();
    });

    it("pushes a change once to each node's clients, through one announcement", async () => {
      const local = { a: 0, b: 0 };
      const pushed = { a: [] as number[], b: [] as number[] };
      const announced = { a: 0, b: 0 };
      const errors: unknown[] = [];
      const others = new Map<"a" | "b", OnlineCount>();
      const make = (id: "a" | "b", context: RedisTestContext) =>
        new OnlineCount({
          store: new RedisPresenceStore(context.redis, `test-${run}-${id}`),
          localCount: () => local[id],
          broadcast: (count) => pushed[id].push(count),
          announce: () => {
            announced[id] += 1;
            others.get(id)?.remoteChanged();
          },
          onError: (error) => errors.push(error),
          coalesceMs: 20,
          settleMs: 50,
          // No periodic refresh during the test: only announcements can carry a change across.
          refreshMs: 600_000,
        });
      const a = make("a", nodeA);
      const b = make("b", nodeB);
      counts.push(a, b);
      others.set("a", b);
      others.set("b", a);
      // Other sessions' nodes may share this Redis: the figures are relative to the starting total.
      a.start();
      b.start();
      await vi.waitFor(() => expect(pushed.a.length > 0 && pushed.b.length > 0).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const base = await a.current();
      const [startA, startB] = [pushed.a.length, pushed.b.length];
      const [announcedA, announcedB] = [announced.a, announced.b];

      local.a = 3;
      a.changed();
      await vi.waitFor(() => expect(pushed.b.at(-1)).toBe(base + 3));
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(pushed.a.slice(startA)).toEqual([base + 3]);
      expect(pushed.b.slice(startB)).toEqual([base + 3]);
      expect(announced.a - announcedA).toBe(1);
      // B's count did not change: it read the total and pushed it, without announcing anything back.
      expect(announced.b - announcedB).toBe(0);
      expect(errors).toEqual([]);
    });
  },
);

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, streakReminders, streaks } from "../src/db/schema";
import { claimStreakReminders, recordInboxItem } from "../src/features/notifications/index";
import { uniqueName } from "./direct-messages/dm-fixtures";
import { createRegistered, requestAs, type TestPerson } from "./fixtures/group-fixtures";
import { createScratchDatabase, flushedRedisDb, type ScratchDatabase } from "./helpers/scratch-services";
import { startTestApp, type TestApp } from "./helpers/test-app";
import { idleProbe, notificationFixtures } from "./notifications/notification-fixtures";
import { type PushService, startPushService } from "./notifications/push-service";

/**
 * Issue #40 on many nodes (PostgreSQL and Redis): an event is pushed once, not once per node, and a
 * streak's reminder is claimed once per pair and day, by parallel claims on every node and after a
 * node's restart.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (the other cluster suites use 2–14). */
const REDIS_DB = 1;
const H = 3_600_000;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "notifications across nodes"
    : "notifications across nodes (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    let database: ScratchDatabase;
    let nodes: TestApp[] = [];
    let service: PushService;
    // The nodes' clock: noon, outside the reminder window, until a test moves it.
    const now = Date.UTC(2026, 2, 11, 12);
    const idles = new Map<TestApp, () => Promise<void>>();
    const startNode = async (env: Record<string, string>) => {
      const { idle, onIdleProbe } = idleProbe();
      const node = await startTestApp({
        env,
        clock: () => now,
        notifications: { streakCheckIntervalMs: 30, eventConcurrency: 1, onIdleProbe },
      });
      idles.set(node, idle);
      return node;
    };
    /** Every node handled each event it was told and sent (or gave up) each push it queued. */
    const allIdle = () => Promise.all(nodes.map((node) => idles.get(node)?.()));
    const { subscriber, befriendRequest, nextPush, inbox } = notificationFixtures(
      () => nodes[0] as TestApp,
      () => service,
    );

    beforeAll(async () => {
      service = await startPushService();
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_ntf");
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: await flushedRedisDb(REDIS_URL ?? "", REDIS_DB),
        AUTH_RATE_LIMIT_SCALE: "100",
      };
      nodes.push(await startNode(env));
      nodes.push(await startNode(env));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      nodes = [];
      await database?.drop();
      await service?.close();
    });

    it("pushes each event once, whichever node made it", async () => {
      const asked = await subscriber("one");
      const [first, second] = [await subscriber("f"), await subscriber("s")];
      // The first request through node 1, the second through node 0: one push each.
      const response = await requestAs((nodes[1] as TestApp).app, first, "POST", "/api/friend-requests", {
        userId: asked.id,
      });
      expect(response.statusCode).toBe(200);
      expect((await nextPush(asked)).payload.item.title).toContain(first.username);
      await befriendRequest(second, asked);
      expect((await nextPush(asked)).payload.item.title).toContain(second.username);
      // A second push of either event would come from a node's queues: both are settled first.
      await allIdle();
      expect(service.attempts(asked.username)).toBe(2);
      expect((await inbox(asked)).items).toHaveLength(2);
    });

    it("keeps one inbox row per thread and counts every event, under parallel events on both nodes", async () => {
      const reader = await createRegistered((nodes[0] as TestApp).app, uniqueName("r"));
      const tag = `dm:${reader.id}:parallel`;
      const events = 16;
      await Promise.all(
        Array.from({ length: events }, (_, index) =>
          recordInboxItem((nodes[index % 2] as TestApp).app.db, {
            userId: reader.id,
            kind: "direct_message",
            tag,
            actorId: null,
            title: "New message",
            body: `message ${index}`,
            url: "/group-chat/dm",
            at: now + index,
          }),
        ),
      );
      const rows = await (nodes[0] as TestApp).app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, reader.id), eq(notifications.tag, tag)));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.count).toBe(events);
      expect(rows[0]?.readAt).toBeNull();
    });

    it("claims each streak's reminder once a day across parallel claims on every node and a restart", async () => {
      const db = (nodes[0] as TestApp).app.db;
      const pairs: [TestPerson, TestPerson][] = [];
      for (let index = 0; index < 6; index += 1) {
        const one = await createRegistered((nodes[0] as TestApp).app, uniqueName("p"));
        const two = await createRegistered((nodes[0] as TestApp).app, uniqueName("q"));
        pairs.push(one.id < two.id ? [one, two] : [two, one]);
      }
      const yesterday = new Date(Date.UTC(2026, 2, 10, 18));
      await db.insert(streaks).values(
        pairs.map(([one, two]) => ({
          userA: one.id,
          userB: two.id,
          count: 5,
          active: true,
          lastStreakDay: "2026-03-10",
          lastMessageAt: yesterday,
          reachedAt: yesterday,
          highestCount: 5,
        })),
      );
      // 21:00 on Mar 11: every pair is due. Twelve claims at once, six on each node's pool.
      const at = Date.UTC(2026, 2, 11, 21);
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          claimStreakReminders((nodes[index % 2] as TestApp).app.db, { now: at, timeZone: "UTC" }),
        ),
      );
      const claimed = claims.flat().map((pair) => `${pair.userA}-${pair.userB}`);
      expect(claimed.sort()).toEqual(pairs.map(([one, two]) => `${one.id}-${two.id}`).sort());
      expect(claims.flat().every((pair) => pair.count === 5 && pair.day === "2026-03-11")).toBe(true);

      // A node restarts: it claims nothing more today; tomorrow's row is another day's.
      await (nodes[1] as TestApp).close();
      nodes[1] = await startNode({
        DATABASE_URL: database.url,
        REDIS_URL: (await flushedRedisDb(REDIS_URL ?? "", REDIS_DB)).toString(),
        AUTH_RATE_LIMIT_SCALE: "100",
      });
      const again = await Promise.all(
        nodes.map((node) => claimStreakReminders(node.app.db, { now: at + H, timeZone: "UTC" })),
      );
      expect(again.flat()).toEqual([]);
      expect(await db.select().from(streakReminders)).toHaveLength(pairs.length);
    });
  },
);

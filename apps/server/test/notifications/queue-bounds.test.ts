import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { streaks } from "../../src/db/schema";
import { uniqueName } from "../direct-messages/dm-fixtures";
import { createRegistered, newDeviceId, type TestPerson } from "../fixtures/group-fixtures";
import { useNotificationApp } from "./notification-app";

/**
 * Issue #40: the notifications' queues are bounded (here to one waiting job each): what finds a queue
 * full is dropped, and the log says so. Jobs are queued synchronously (an event's pushes, a claim's
 * events), so which ones find the queue full does not depend on timing.
 */
describe("the notifications' bounded queues", () => {
  const lines: string[] = [];
  const sink = Fastify({ logger: { level: "warn", stream: { write: (line: string) => lines.push(line) } } });
  let now = Date.UTC(2026, 1, 3, 12);
  const { app, service, idle, subscribe, inbox, befriendRequest } = useNotificationApp({
    logger: sink.log,
    clock: () => now,
    notifications: { queueCapacity: 1, streakCheckIntervalMs: 40 },
  });
  /** The log's warnings with this message. */
  const logged = (msg: string) =>
    lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === msg) as Record<string, unknown>[];

  it("drops the push that finds the push queue full, and logs it", async () => {
    const asked = await createRegistered(app().app, uniqueName("dev"));
    const devices = Array.from({ length: 10 }, (_, index) => `${asked.username}-${index}`);
    for (const name of devices) await subscribe({ ...asked, deviceId: newDeviceId() }, name);
    await befriendRequest(await createRegistered(app().app, uniqueName("ask")), asked);
    await idle();
    // Eight pushes are sent at once (the push queue's workers), one waits, the tenth is dropped.
    const received = devices.map((name) => service().received(name).length);
    expect(received.filter((count) => count === 1)).toHaveLength(9);
    expect(received.filter((count) => count === 0)).toHaveLength(1);
    expect(logged("push dropped")).toEqual([expect.objectContaining({ reason: "full" })]);
    expect((await inbox(asked)).unreadCount).toBe(1);
  });

  it("drops the events that find the event queue full, and logs each", async () => {
    // Two streaks due tonight, claimed by one look: four events queued at once.
    const people: TestPerson[] = [];
    for (let index = 0; index < 4; index += 1) {
      people.push(await createRegistered(app().app, uniqueName("st")));
    }
    const yesterday = new Date(Date.UTC(2026, 1, 2, 12));
    const pairs = [people.slice(0, 2), people.slice(2, 4)].map((pair) =>
      pair.map((person) => person.id).sort(),
    );
    await app()
      .app.db.insert(streaks)
      .values(
        pairs.map(([userA = "", userB = ""]) => ({
          userA,
          userB,
          count: 2,
          active: true,
          lastStreakDay: "2026-02-02",
          lastMessageAt: yesterday,
          reachedAt: yesterday,
          highestCount: 2,
        })),
      );
    now = Date.UTC(2026, 1, 3, 21);
    // One event runs, one waits, two are dropped.
    await vi.waitFor(() => expect(logged("notification dropped")).toHaveLength(2));
    await idle();
    expect(logged("notification dropped")).toEqual([
      expect.objectContaining({ reason: "full", kind: "streak_ending" }),
      expect.objectContaining({ reason: "full", kind: "streak_ending" }),
    ]);
    let told = 0;
    for (const person of people) told += (await inbox(person)).items.length;
    expect(told).toBe(2);
  });
});

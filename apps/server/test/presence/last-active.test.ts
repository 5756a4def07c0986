import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema";
import {
  createLastActiveRecorder,
  LAST_ACTIVE_DELAY_MS,
  type LastActiveRecorder,
} from "../../src/features/presence/last-active";
import { createRegistered } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("lastActive (spec §3): the moment a signed-in user's socket closed, without a write per reconnection", () => {
  let test: TestApp;
  let recorder: LastActiveRecorder;

  beforeAll(async () => {
    test = await startTestApp();
    recorder = createLastActiveRecorder({ db: test.app.db, log: test.app.log });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const lastActiveOf = async (userId: string): Promise<number | null> => {
    const [row] = await test.app.db.select({ at: user.lastActive }).from(user).where(eq(user.id, userId));
    return row?.at?.getTime() ?? null;
  };

  it("writes the moment of the close once the user stayed away, then not again within the resolution", async () => {
    const person = await createRegistered(test.app, "Left_Once");
    const before = Date.now();
    recorder.left(person.id);
    const after = Date.now();
    await expect.poll(() => lastActiveOf(person.id), { timeout: 10_000 }).not.toBeNull();
    const written = await lastActiveOf(person.id);
    expect(written).toBeGreaterThanOrEqual(before);
    expect(written).toBeLessThanOrEqual(after);

    // A second close within the resolution keeps the stored moment (below what a reader shows).
    recorder.left(person.id);
    await sleep(LAST_ACTIVE_DELAY_MS + 1_000);
    expect(await lastActiveOf(person.id)).toBe(written);
  });

  it("writes nothing for a user back before the delay (a reload, a reconnect storm)", async () => {
    const person = await createRegistered(test.app, "Came_Back");
    recorder.left(person.id);
    recorder.returned(person.id);
    await sleep(LAST_ACTIVE_DELAY_MS + 1_000);
    expect(await lastActiveOf(person.id)).toBeNull();
  });

  it("writes what is still waiting when flushed (shutdown)", async () => {
    const person = await createRegistered(test.app, "Shut_Down");
    const before = Date.now();
    recorder.left(person.id);
    await recorder.flush();
    expect(await lastActiveOf(person.id)).toBeGreaterThanOrEqual(before);
  });

  it("writes many users due together, each with the moment their own socket closed", async () => {
    const clock = { now: Date.parse("2026-11-28T10:00:00Z") };
    const batched = createLastActiveRecorder({ db: test.app.db, log: test.app.log }, () => clock.now);
    const people = [];
    for (let index = 0; index < 5; index += 1)
      people.push(await createRegistered(test.app, `Storm_${index}`));
    const closedAt = people.map((person, index) => {
      clock.now += 1_000 * index;
      batched.left(person.id);
      return clock.now;
    });
    await batched.flush();
    expect(await Promise.all(people.map((person) => lastActiveOf(person.id)))).toEqual(closedAt);
  });
});

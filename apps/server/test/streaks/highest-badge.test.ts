import type { GroupJoinData, PublicProfile } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streaks } from "../../src/db/schema";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";

const D = 86_400_000;

/**
 * A user's highest badge (issue #12: "a user's highest badge on their profile and in the group room's
 * people list"): the best `highest_count` over their streaks, whatever the streaks read today.
 */
describe("the highest streak badge", () => {
  let test: TestApp;
  let ann: TestPerson;
  let bob: TestPerson;
  let cat: TestPerson;
  let dan: TestPerson;
  let gus: TestPerson;

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
    ann = await createRegistered(test.app, "Ann_HB");
    bob = await createRegistered(test.app, "Bob_HB");
    cat = await createRegistered(test.app, "Cat_HB");
    dan = await createRegistered(test.app, "Dan_HB");
    gus = await createGuest(test.app, "Gus_HB");
    const now = Date.now();
    const row = (one: TestPerson, two: TestPerson, count: number, highestCount: number, daysAgo: number) => {
      const [userA, userB] = one.id < two.id ? [one.id, two.id] : [two.id, one.id];
      return {
        userA,
        userB,
        count,
        highestCount,
        active: count > 0,
        lastStreakDay: new Date(now - daysAgo * D).toISOString().slice(0, 10),
        lastMessageAt: new Date(now - daysAgo * D),
        reachedAt: new Date(now - daysAgo * D),
      };
    };
    await test.app.db.insert(streaks).values([
      // Ann: a live 4-day streak that once reached 8, and a broken one that once reached 35 → 30.
      row(ann, bob, 4, 8, 0),
      row(ann, cat, 0, 35, 10),
      // Bob: only the shared one (8 → 7). Cat: 35 → 30. Dan: none.
    ]);
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const profileOf = async (viewer: TestPerson, id: string) => {
    const response = await requestAs(test.app, viewer, "GET", `/api/users/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json<PublicProfile>();
  };

  it("profiles carry the highest badge ever reached over all the user's streaks, or null", async () => {
    expect((await profileOf(dan, ann.id)).highestBadge).toEqual({
      days: 30,
      imageDays: 30,
      label: "30 Day Streak Achievement",
    });
    expect((await profileOf(dan, bob.id)).highestBadge).toEqual({
      days: 7,
      imageDays: 7,
      label: "7 Day Streak Achievement",
    });
    expect((await profileOf(ann, dan.id)).highestBadge).toBeNull();
    expect((await profileOf(ann, gus.id)).highestBadge).toBeNull();
  });

  it("the 90-day badge shows the 100-day image", async () => {
    const eve = await createRegistered(test.app, "Eve_HB");
    const fay = await createRegistered(test.app, "Fay_HB");
    const [userA, userB] = [eve.id, fay.id].sort() as [string, string];
    const at = new Date();
    await test.app.db.insert(streaks).values({
      userA,
      userB,
      count: 120,
      highestCount: 120,
      active: true,
      lastStreakDay: at.toISOString().slice(0, 10),
      lastMessageAt: at,
      reachedAt: at,
    });
    expect((await profileOf(eve, fay.id)).highestBadge).toEqual({
      days: 90,
      imageDays: 100,
      label: "90 Day Streak Achievement",
    });
  });

  it("the group room's people list shows each registered member's badge; guests carry none", async () => {
    const annSocket = await test.connect(asPerson(ann));
    for (const person of [dan, gus]) {
      const joined = await emitWithAck(await test.connect(asPerson(person)), "join_group");
      expect(joined.ok).toBe(true);
    }
    const again = await emitWithAck<GroupJoinData>(annSocket, "join_group");
    if (!again.ok) throw new Error(again.error.message);
    const entry = (person: TestPerson) => again.data.onlineUsers.find((user) => user.userId === person.id);
    expect(entry(ann)).toMatchObject({
      isGuest: false,
      badge: { days: 30, imageDays: 30, label: "30 Day Streak Achievement" },
    });
    expect(entry(dan)).toMatchObject({ isGuest: false, badge: null });
    expect(entry(gus)?.isGuest).toBe(true);
    expect(entry(gus)).not.toHaveProperty("badge");
  });
});

import {
  type Leaderboard,
  SOCIAL_PATHS,
  STREAK_PATHS,
  type StreakList,
  type StreakUpdatedPayload,
} from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streaks, user } from "../../src/db/schema";
import { dmMember } from "../direct-messages/dm-fixtures";
import { requestAs } from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { D, H, streakFixtures } from "./streak-fixtures";

/**
 * Daily DM streaks on the real database (spec §4 rule by rule, issue #12). One app for the file with an
 * injected clock (`startTestApp({ clock })`); each test uses its own pair, the clock only moves forward.
 */
describe("streaks", () => {
  let test: TestApp;
  let now = Date.UTC(2026, 0, 10, 12);

  beforeAll(async () => {
    test = await startTestApp({
      env: { AUTH_RATE_LIMIT_SCALE: "100", SOCKET_CONNECTIONS_PER_IP: "500" },
      clock: () => now,
    });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const { friends, pairRow, send, read } = streakFixtures(() => test);

  it("non-friends get no streak (count 0, broken)", async () => {
    const a = await dmMember(test, "st");
    const b = await dmMember(test, "st");
    await send(a, b);
    await send(b, a);
    expect(await pairRow(a.person.id, b.person.id)).toBeUndefined();
    expect(await read(a, b)).toMatchObject({ count: 0, status: "broken", badge: null });
  });

  it("a first message creates it at 0; a reply within 24 h makes it 1 and active, pushed to both", async () => {
    const [a, b] = await friends();
    await send(a, b);
    expect(await pairRow(a.person.id, b.person.id)).toMatchObject({ count: 0, active: false });
    now += 2 * H;
    // The first send's count-0 pushes may still be on their way: wait for the reply's.
    const toA = nextEvent(a.socket, "streak_updated", (push) => push.count === 1);
    const toB = nextEvent(b.socket, "streak_updated", (push) => push.count === 1);
    await send(b, a);
    const [pushA, pushB] = (await Promise.all([toA, toB])) as unknown as [
      StreakUpdatedPayload,
      StreakUpdatedPayload,
    ];
    expect(pushA).toMatchObject({ friendId: b.person.id, count: 1, status: "active" });
    expect(pushB).toMatchObject({ friendId: a.person.id, count: 1, status: "active" });
    expect(await read(a, b)).toMatchObject({ count: 1, status: "active" });
  });

  it("rises once per new calendar day while active; the same day only updates timestamps", async () => {
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a); // 1
    now += D;
    await send(a, b); // 2
    await send(b, a); // same day: 2
    await send(a, b);
    expect(await pairRow(a.person.id, b.person.id)).toMatchObject({
      count: 2,
      active: true,
      highestCount: 2,
    });
    now += D;
    await send(b, a);
    expect(await read(a, b)).toMatchObject({ count: 3, status: "active", badge: { days: 3 } });
  });

  it("reads breaking one day later and broken after that, with no write", async () => {
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a);
    const before = await pairRow(a.person.id, b.person.id);
    now += D;
    expect(await read(a, b)).toMatchObject({ count: 1, status: "breaking" });
    now += D;
    expect(await read(b, a)).toMatchObject({ count: 0, status: "broken" });
    expect(await pairRow(a.person.id, b.person.id)).toEqual(before);
  });

  it("more than 24 h since the last message and inactive resets to 0; a reply within 24 h restarts at 1", async () => {
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a);
    now += D;
    await send(a, b); // 2
    now += 3 * D;
    await send(a, b);
    expect(await pairRow(a.person.id, b.person.id)).toMatchObject({ count: 0, active: false });
    now += H;
    await send(b, a);
    expect(await pairRow(a.person.id, b.person.id)).toMatchObject({
      count: 1,
      active: true,
      highestCount: 2,
    });
  });

  it("an inactive streak with a message within 24 h becomes active at 1", async () => {
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a);
    const [userA, userB] = [a.person.id, b.person.id].sort() as [string, string];
    await test.app.db
      .update(streaks)
      .set({ count: 6, active: false })
      .where(and(eq(streaks.userA, userA), eq(streaks.userB, userB)));
    now += H;
    await send(a, b);
    expect(await pairRow(a.person.id, b.person.id)).toMatchObject({ count: 1, active: true });
  });

  it("many simultaneous sends from both friends at the same instant raise the count once", async () => {
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a); // 1
    now += D;
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? send(a, b) : send(b, a))));
    expect(await pairRow(a.person.id, b.person.id)).toMatchObject({ count: 2, active: true });
  });

  it("unfriending, a block and deleting an account end the streak", async () => {
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a);
    expect(await pairRow(a.person.id, b.person.id)).toBeDefined();
    const removed = await requestAs(test.app, a.person, "DELETE", SOCIAL_PATHS.friend(b.person.id));
    expect(removed.statusCode).toBe(200);
    expect(await pairRow(a.person.id, b.person.id)).toBeUndefined();

    const [c, d] = await friends();
    await send(c, d);
    await send(d, c);
    const blocked = await requestAs(test.app, c.person, "POST", SOCIAL_PATHS.blocks, { userId: d.person.id });
    expect(blocked.statusCode).toBeLessThan(300);
    expect(await pairRow(c.person.id, d.person.id)).toBeUndefined();

    const [e, f] = await friends();
    await send(e, f);
    await send(f, e);
    await test.app.db.delete(user).where(eq(user.id, f.person.id));
    expect(await pairRow(e.person.id, f.person.id)).toBeUndefined();
  });

  it("GET /api/streaks lists the caller's streaks", async () => {
    const [a, b] = await friends();
    await send(a, b);
    await send(b, a);
    const response = await requestAs(test.app, a.person, "GET", STREAK_PATHS.streaks);
    expect(response.json<StreakList>().streaks).toEqual([
      expect.objectContaining({ friendId: b.person.id, count: 1, status: "active" }),
    ]);
  });

  it("the public leaderboard: best active streak per user, ties to who reached it first, broken ones left out", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => dmMember(test, "lb")));
    const [p0, p1, p2, p3, p4, p5] = people.map((m) => m.person.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const today = new Date(now).toISOString().slice(0, 10);
    const old = new Date(now - 5 * D).toISOString().slice(0, 10);
    const row = (one: string, two: string, count: number, reachedAt: number, day = today, active = true) => {
      const [userA, userB] = one < two ? [one, two] : [two, one];
      return {
        userA,
        userB,
        count,
        active,
        lastStreakDay: day,
        lastMessageAt: new Date(now),
        highestCount: count + 1,
        reachedAt: new Date(reachedAt),
      };
    };
    await test.app.db.insert(streaks).values([
      row(p0, p1, 9000, now - 3 * H), // p0, p1: 9000
      row(p2, p3, 9000, now - 5 * H), // p2, p3: 9000 reached earlier → first
      row(p0, p4, 8000, now - H), // p4: 8000 (p0's best stays 9000)
      row(p5, p1, 9999, now, old), // broken: ignored
    ]);
    const response = await test.app.inject({ method: "GET", url: STREAK_PATHS.leaderboard });
    expect(response.statusCode).toBe(200);
    const { entries } = response.json<Leaderboard>();
    const top = entries.slice(0, 5).map((entry) => entry.id);
    expect(top.slice(0, 2).sort()).toEqual([p2, p3].sort());
    expect(top.slice(2, 4).sort()).toEqual([p0, p1].sort());
    expect(top[4]).toBe(p4);
    expect(entries.some((entry) => entry.id === p5)).toBe(false);
    expect(entries[0]).toMatchObject({ totalStreak: 9000, highestStreak: 9001, badge: { days: 90 } });
    expect(entries.length).toBeLessThanOrEqual(10);
  });
  it("the leaderboard with more people than it shows: the ten best, one person in many streaks counted once", async () => {
    const people = await Promise.all(Array.from({ length: 14 }, () => dmMember(test, "lc")));
    const ids = people.map((m) => m.person.id);
    const [star, ...others] = ids as [string, ...string[]];
    const today = new Date(now).toISOString().slice(0, 10);
    const row = (one: string, two: string, count: number) => {
      const [userA, userB] = one < two ? [one, two] : [two, one];
      return {
        userA,
        userB,
        count,
        active: true,
        lastStreakDay: today,
        lastMessageAt: new Date(now),
        highestCount: count,
        reachedAt: new Date(now - count),
      };
    };
    // The star is in the best 13 streaks (20000 down to 19988); each other person in one of them.
    await test.app.db.insert(streaks).values(others.map((other, index) => row(star, other, 20_000 - index)));
    const response = await test.app.inject({ method: "GET", url: STREAK_PATHS.leaderboard });
    const { entries } = response.json<Leaderboard>();
    // The star and the first other share 20000 reached at the same instant: ties go by id.
    const [first, second] = [star, others[0]].sort();
    expect(entries.map((entry) => [entry.id, entry.totalStreak])).toEqual([
      [first, 20_000],
      [second, 20_000],
      ...others.slice(1, 9).map((other, index) => [other, 19_999 - index]),
    ]);
    // Someone deleted whose rows are still there is left out, and the next one moves up.
    const gone = others[1] ?? "";
    await test.app.db.update(user).set({ isDeleted: true }).where(eq(user.id, gone));
    const after = await test.app.inject({ method: "GET", url: STREAK_PATHS.leaderboard });
    expect(after.json<Leaderboard>().entries.map((entry) => entry.id)).toEqual([
      first,
      second,
      ...others.slice(2, 10),
    ]);
  });
});

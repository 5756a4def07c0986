import { NOTIFICATION_PATHS, NOTIFICATION_TEXTS } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { streakReminders, streaks } from "../../src/db/schema";
import { claimStreakReminders } from "../../src/features/notifications/index";
import { asPerson, requestAs } from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { D, H, streakFixtures } from "../streaks/streak-fixtures";
import { useNotificationApp } from "./notification-app";

/** Issue #40: the inbox's read state across tabs, and streak reminders on the test clock. */
describe("inbox and streak reminders", () => {
  let now = Date.UTC(2026, 0, 10, 12);
  const { app, service, idle, subscribe, subscriber, inbox, nextPush, befriendRequest } = useNotificationApp({
    clock: () => now,
    notifications: { streakCheckIntervalMs: 40 },
  });
  const { friends, send } = streakFixtures(app);

  it("marks items read on every tab and device of the user", async () => {
    const [asker, other, asked] = [await subscriber("a"), await subscriber("o"), await subscriber("r")];
    const [tabOne, tabTwo] = [await app().connect(asPerson(asked)), await app().connect(asPerson(asked))];
    await befriendRequest(asker, asked);
    await befriendRequest(other, asked);
    await nextPush(asked);
    await nextPush(asked);
    const { items, unreadCount } = await inbox(asked);
    expect(unreadCount).toBe(2);
    const heardOne = nextEvent(tabOne, "notifications_read");
    const heardTwo = nextEvent(tabTwo, "notifications_read");
    const read = await requestAs(app().app, asked, "POST", NOTIFICATION_PATHS.read, { ids: [items[0]?.id] });
    expect(read.json()).toEqual({ unreadCount: 1 });
    const expected = { ids: [items[0]?.id], all: false, unreadCount: 1 };
    expect(await heardOne).toEqual(expected);
    expect(await heardTwo).toEqual(expected);
    const all = nextEvent(tabOne, "notifications_read");
    await requestAs(app().app, asked, "POST", NOTIFICATION_PATHS.read, { all: true });
    expect(await all).toEqual({ ids: [items[1]?.id], all: true, unreadCount: 0 });
    expect((await inbox(asked)).items.every((item) => item.read)).toBe(true);
    const refused = await requestAs(app().app, asked, "POST", NOTIFICATION_PATHS.read, {
      ids: ["not-a-uuid"],
    });
    expect(refused.statusCode).toBe(400);
  });

  it("reminds both friends hours before a streak ends, once a day, only when neither wrote today", async () => {
    const [a, b] = await friends("rem");
    await subscribe(a.person, a.person.username);
    await subscribe(b.person, b.person.username);
    const [c, d] = await friends("wrt");
    // Day 1 (Jan 10): both pairs count their first day.
    await send(a, b);
    await send(c, d);
    now += 2 * H;
    await send(b, a);
    await send(d, c);
    // Jan 11, 21:00 UTC: three hours before a's and b's streak ends; c wrote today.
    now = Date.UTC(2026, 0, 11, 14);
    await send(c, d);
    const heardA = nextEvent(a.socket, "notification");
    const heardB = nextEvent(b.socket, "notification");
    now = Date.UTC(2026, 0, 11, 21);
    const [toA, toB] = await Promise.all([heardA, heardB]);
    expect(toA.item).toMatchObject({
      kind: "streak_ending",
      title: NOTIFICATION_TEXTS.streakEnding(1, b.person.username),
      url: `/group-chat/dm/${b.person.id}`,
    });
    expect(toB.item.title).toBe(NOTIFICATION_TEXTS.streakEnding(1, a.person.username));
    // Every later look claims nothing more today; the row is the pair's one reminder of the day.
    expect(await claimStreakReminders(app().app.db, { now, timeZone: "UTC" })).toEqual([]);
    const rows = await app().app.db.select().from(streakReminders);
    const pairs = rows.map((row) => [row.userA, row.userB].sort().join());
    expect(pairs).toContain([a.person.id, b.person.id].sort().join());
    expect(pairs).not.toContain([c.person.id, d.person.id].sort().join());
    expect(rows.every((row) => row.day === "2026-01-11")).toBe(true);
    expect((await inbox(a.person)).items.filter((item) => item.kind === "streak_ending")).toHaveLength(1);

    // A later run of the app's own claims (it reminds a pair that became due since) pushes a and b
    // nothing more: one push each for the day.
    const [e, f] = await friends("lat");
    await subscribe(e.person, e.person.username);
    const [userA = "", userB = ""] = [e.person.id, f.person.id].sort();
    const yesterday = new Date(Date.UTC(2026, 0, 10, 12));
    await app().app.db.insert(streaks).values({
      userA,
      userB,
      count: 3,
      active: true,
      lastStreakDay: "2026-01-10",
      lastMessageAt: yesterday,
      reachedAt: yesterday,
      highestCount: 3,
    });
    expect((await nextPush(e.person)).payload.item.title).toBe(
      NOTIFICATION_TEXTS.streakEnding(3, f.person.username),
    );
    await idle();
    expect(service().received(a.person.username)).toHaveLength(1);
    expect(service().received(b.person.username)).toHaveLength(1);
    now += D;
  });
});

import { NOTIFICATION_TEXTS } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { streakReminders } from "../../src/db/schema";
import { claimStreakReminders } from "../../src/features/notifications/index";
import { nextEvent } from "../helpers/socket-events";
import { H, streakFixtures } from "../streaks/streak-fixtures";
import { useNotificationApp } from "./notification-app";

/**
 * Issue #40 off UTC, on the test clock: quiet hours that span midnight in the user's own time zone,
 * and streak reminders in the evening of `STREAK_TIME_ZONE`. Each instant is chosen so that the same
 * rule read in UTC would decide the other way.
 */
describe("notifications in time zones", () => {
  let now = Date.UTC(2026, 0, 5, 12);
  const { app, service, idle, subscribe, subscriber, settings, inbox, befriendRequest } = useNotificationApp({
    env: { STREAK_TIME_ZONE: "Asia/Tokyo" },
    clock: () => now,
    notifications: { streakCheckIntervalMs: 40 },
  });
  const { friends, send } = streakFixtures(app);

  it("holds pushes back in quiet hours from 22:00 to 07:00 in New York; the inbox records every event", async () => {
    const asked = await subscriber("ny");
    await settings(asked, { quietHours: { start: 22 * 60, end: 7 * 60 }, timeZone: "America/New_York" });
    /** A friend request at `at` (UTC): was it pushed? */
    const pushedAt = async (at: number) => {
      now = at;
      const before = service().received(asked.username).length;
      await befriendRequest(await subscriber("ask"), asked);
      await idle();
      return service().received(asked.username).length > before;
    };
    // 18:00 in New York (23:00 UTC, which would be quiet in UTC): pushed.
    expect(await pushedAt(Date.UTC(2026, 0, 5, 23))).toBe(true);
    // 23:00 and, past midnight, 06:30 in New York: held back.
    expect(await pushedAt(Date.UTC(2026, 0, 6, 4))).toBe(false);
    expect(await pushedAt(Date.UTC(2026, 0, 6, 11, 30))).toBe(false);
    // 07:00 in New York, the end of quiet hours: pushed again.
    expect(await pushedAt(Date.UTC(2026, 0, 6, 12))).toBe(true);
    expect(service().attempts(asked.username)).toBe(2);
    expect((await inbox(asked)).unreadCount).toBe(4);
  });

  it("reminds both friends in the evening of Tokyo, once, with one push each", async () => {
    const [a, b] = await friends("tyo");
    await subscribe(a.person, a.person.username);
    await subscribe(b.person, b.person.username);
    // Jan 10 in Tokyo (10:00 and 12:00 there): both write, the streak's first day.
    now = Date.UTC(2026, 0, 10, 1);
    await send(a, b);
    now += 2 * H;
    await send(b, a);

    // Jan 11, 19:00 in Tokyo: five hours before the streak's midnight, not yet.
    now = Date.UTC(2026, 0, 11, 10);
    expect(await claimStreakReminders(app().app.db, { now, timeZone: "Asia/Tokyo" })).toEqual([]);
    // 21:00 in Tokyo is noon in UTC, twelve hours before a UTC midnight: a UTC rule claims nothing.
    const evening = Date.UTC(2026, 0, 11, 12);
    expect(await claimStreakReminders(app().app.db, { now: evening, timeZone: "UTC" })).toEqual([]);
    const heardA = nextEvent(a.socket, "notification");
    const heardB = nextEvent(b.socket, "notification");
    now = evening;
    const [toA, toB] = await Promise.all([heardA, heardB]);
    expect(toA.item).toMatchObject({
      kind: "streak_ending",
      title: NOTIFICATION_TEXTS.streakEnding(1, b.person.username),
    });
    expect(toB.item.title).toBe(NOTIFICATION_TEXTS.streakEnding(1, a.person.username));
    // Tokyo's calendar day (in UTC it is the same date here; the window above is what differs).
    const rows = await app().app.db.select().from(streakReminders);
    expect(rows.map((row) => row.day)).toEqual(["2026-01-11"]);
    await idle();
    expect(service().received(a.person.username)).toHaveLength(1);
    expect(service().received(b.person.username)).toHaveLength(1);
  });
});

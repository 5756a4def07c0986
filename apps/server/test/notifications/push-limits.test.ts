import { NOTIFICATION_PATHS, SERVER_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { notificationSettings, pushSubscriptions } from "../../src/db/schema";
import { REGISTERED_REQUEST_LIMIT } from "../../src/features/accounts/session-guards";
import { NOTIFICATION_PUSH_RATE_LIMIT } from "../../src/features/notifications/notifications";
import { uniqueName } from "../direct-messages/dm-fixtures";
import { createRegistered, newDeviceId, personHeaders, requestAs } from "../fixtures/group-fixtures";
import { useNotificationApp } from "./notification-app";

/**
 * Issue #40: what bounds the pushes of one user: the per-user rate limit, a subscription the push
 * service says is not found, and one subscription per user and device (an endpoint in one row).
 */
describe("push limits and subscriptions", () => {
  const { app, service, idle, subscribe, subscriber, settings, inbox, nextPush, befriendRequest } =
    useNotificationApp({
      notifications: { retryDelaysMs: [20] },
    });
  const rowsOf = (userId: string) =>
    app().app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it("pushes a user at most 20 times a minute; the inbox records the rest", async () => {
    const asked = await subscriber("lim");
    const { points } = NOTIFICATION_PUSH_RATE_LIMIT;
    expect(points).toBe(20);
    // One more friend request than the limit, each from its own person (its own inbox item).
    for (let index = 0; index <= points; index += 1) {
      await befriendRequest(await createRegistered(app().app, uniqueName("ask")), asked);
    }
    await idle();
    expect(service().attempts(asked.username)).toBe(points);
    expect(service().received(asked.username)).toHaveLength(points);
    expect((await inbox(asked)).unreadCount).toBe(points + 1);
  });

  it("forgets a subscription the push service does not know (404)", async () => {
    const [asker, asked] = [await subscriber("ask"), await subscriber("nf")];
    service().answer(asked.username, 404);
    await befriendRequest(asker, asked);
    await vi.waitFor(async () => expect(await rowsOf(asked.id)).toHaveLength(0));
    await idle();
    // Not retried: one request, nothing delivered, and the next event has nowhere to go.
    expect(service().attempts(asked.username)).toBe(1);
    expect(service().received(asked.username)).toHaveLength(0);
    await befriendRequest(await subscriber("two"), asked);
    await idle();
    expect(service().attempts(asked.username)).toBe(1);
    expect((await inbox(asked)).unreadCount).toBe(2);
  });

  it("keeps one subscription per user and device, and an endpoint in one row", async () => {
    const [asker, person] = [await subscriber("ask"), await subscriber("dev")];
    const [first] = await rowsOf(person.id);
    // The same browser subscribes again (a new endpoint, new keys): its row is replaced.
    await subscribe(person, `${person.username}-again`);
    const replaced = await rowsOf(person.id);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({ deviceId: person.deviceId });
    expect(replaced[0]?.id).not.toBe(first?.id);
    expect(replaced[0]?.endpoint).toMatch(/-again$/);
    await befriendRequest(asker, person);
    expect((await nextPush({ ...person, username: `${person.username}-again` })).payload.item.kind).toBe(
      "friend_request",
    );
    await idle();
    expect(service().attempts(person.username)).toBe(0);

    // Another device of theirs is a row of its own.
    const phone = { ...person, deviceId: newDeviceId() };
    await subscribe(phone, `${person.username}-phone`);
    expect((await rowsOf(person.id)).map((row) => row.deviceId).sort()).toEqual(
      [person.deviceId, phone.deviceId].sort(),
    );

    // Someone else signs in on that phone's browser profile: the endpoint moves to them.
    const other = await createRegistered(app().app, uniqueName("oth"));
    await subscribe({ ...other, deviceId: phone.deviceId }, `${person.username}-phone`);
    expect((await rowsOf(person.id)).map((row) => row.deviceId)).toEqual([person.deviceId]);
    expect((await rowsOf(other.id)).map((row) => row.endpoint)).toEqual([expect.stringMatching(/-phone$/)]);
  });

  it("spends the social routes' one per-user budget: over it, 429 rate_limited and nothing is written", async () => {
    const person = await subscriber("bud");
    await settings(person, { previews: true });
    // The subscription and the settings above spent two of the minute's requests.
    for (let index = 2; index < REGISTERED_REQUEST_LIMIT.points; index += 1) {
      const response = await requestAs(app().app, person, "GET", NOTIFICATION_PATHS.inbox);
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await app().app.inject({
      method: "PUT",
      url: NOTIFICATION_PATHS.settings,
      headers: { ...personHeaders(person), "content-type": "application/json" },
      payload: { previews: false },
    });
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: 429,
      body: { error: { code: "rate_limited", message: SERVER_MESSAGES.tooManyRequests } },
    });
    const [stored] = await app()
      .app.db.select({ previews: notificationSettings.previews })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, person.id));
    expect(stored?.previews).toBe(true);
  });
});

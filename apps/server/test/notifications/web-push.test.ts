import { randomUUID } from "node:crypto";
import { NOTIFICATION_PATHS, NOTIFICATION_TEXTS, SOCIAL_PATHS } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pushSubscriptions } from "../../src/db/schema";
import { postComment, postConfession } from "../confessions/wall-fixtures";
import { sendOk, text } from "../direct-messages/dm-fixtures";
import { asPerson, createGuest, personHeaders, requestAs, type TestPerson } from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import { notificationFixtures } from "./notification-fixtures";
import { type PushService, startPushService } from "./push-service";

/**
 * Issue #40, Web Push end to end: the server's requests reach a push service the test runs on
 * loopback, which decrypts each RFC 8291 body with the subscription's own keys and verifies the VAPID
 * JWT (RFC 8292) before the payload is read.
 */
describe("web push", () => {
  let test: TestApp;
  let service: PushService;
  const { subscriber, settings, inbox, nextPush, befriendRequest } = notificationFixtures(
    () => test,
    () => service,
  );
  /** A socket of `person`'s (a tab), connected. */
  const tab = (person: TestPerson): Promise<TestClient> => test.connect(asPerson(person));

  beforeAll(async () => {
    service = await startPushService();
    test = await startTestApp({
      env: { AUTH_RATE_LIMIT_SCALE: "100" },
      notifications: { retryDelaysMs: [20, 20], eventConcurrency: 1 },
    });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
    await service?.close();
  });

  it("pushes a direct message to a closed app once per conversation: signed, encrypted, previews on request", async () => {
    const [sender, receiver] = [await subscriber("snd"), await subscriber("rcv")];
    const senderTab = await tab(sender);
    const { publicKey } = (await requestAs(test.app, receiver, "GET", NOTIFICATION_PATHS.vapidKey)).json<{
      publicKey: string;
    }>();

    const before = Date.now();
    await sendOk(senderTab, text(receiver.id, "the secret words"));
    const first = await nextPush(receiver);
    expect(first.payload).toMatchObject({
      category: "messages",
      turnOffTitle: NOTIFICATION_TEXTS.turnOff,
      item: {
        kind: "direct_message",
        title: `New message from ${sender.username}`,
        body: "",
        url: `/group-chat/dm/${sender.id}`,
        count: 1,
        read: false,
      },
    });
    expect(first.push.plaintext).not.toContain("secret words");
    expect(first.push.headers).toMatchObject({
      ttl: "86400",
      urgency: "high",
      "content-encoding": "aes128gcm",
    });
    expect(first.push.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.push.vapidKey).toBe(publicKey);
    expect(first.push.jwt.aud).toBe(new URL(service.subscription("unused").endpoint).origin);
    expect(first.push.jwt.sub).toMatch(/^mailto:|^https:/);
    expect(first.push.jwt.exp * 1000).toBeGreaterThan(before);
    expect(first.push.jwt.exp * 1000).toBeLessThanOrEqual(before + 24 * 3_600_000 + 60_000);

    // Previews chosen: the text; the same thread (tag and topic), now two messages.
    expect((await settings(receiver, { previews: true })).previews).toBe(true);
    await sendOk(senderTab, text(receiver.id, "second one"));
    const second = await nextPush(receiver);
    expect(second.payload.item).toMatchObject({ body: "second one", tag: first.payload.item.tag, count: 2 });
    expect(second.push.headers.topic).toBe(first.push.headers.topic);
    const items = (await inbox(receiver)).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: first.payload.item.id, count: 2, body: "second one", read: false });
  });

  it("tells nothing of a direct message while a tab is open, nor to a muted conversation", async () => {
    const [sender, receiver, other] = [
      await subscriber("snd"),
      await subscriber("rcv"),
      await subscriber("oth"),
    ];
    const senderTab = await tab(sender);
    const receiverTab = await tab(receiver);
    await sendOk(senderTab, text(receiver.id, "while you look"));
    receiverTab.disconnect();
    await vi.waitFor(async () =>
      expect(await test.app.io.in(`user:${receiver.id}`).fetchSockets()).toHaveLength(0),
    );
    const muted = await test.app.inject({
      method: "PUT",
      url: NOTIFICATION_PATHS.mute(sender.id),
      headers: personHeaders(receiver),
    });
    expect(muted.json()).toEqual({ partnerId: sender.id, muted: true });
    await sendOk(senderTab, text(receiver.id, "muted now"));
    // Events are handled in order here: the friend request's push comes after both messages were judged.
    await befriendRequest(other, receiver);
    expect((await nextPush(receiver)).payload.item.kind).toBe("friend_request");
    expect(service.received(receiver.username)).toHaveLength(1);
    expect((await inbox(receiver)).items.map((item) => item.kind)).toEqual(["friend_request"]);
  });

  it("pushes a friend request and its acceptance, each to the person it concerns", async () => {
    const [asker, asked] = [await subscriber("ask"), await subscriber("akd")];
    const requestId = await befriendRequest(asker, asked);
    expect((await nextPush(asked)).payload.item).toMatchObject({
      kind: "friend_request",
      title: NOTIFICATION_TEXTS.friendRequest(asker.username),
      url: "/group-chat/friends",
    });
    const accepted = await requestAs(test.app, asked, "POST", `/api/friend-requests/${requestId}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect((await nextPush(asker)).payload.item).toMatchObject({
      kind: "friend_accepted",
      title: NOTIFICATION_TEXTS.friendAccepted(asked.username),
      url: `/group-chat/dm/${asked.id}`,
    });
    expect(service.received(asked.username)).toHaveLength(1);
  });

  it("pushes comments and replies without naming the commenter; nothing from someone blocked, nothing switched off", async () => {
    const [author, commenter, blocked] = [
      await subscriber("op"),
      await subscriber("cmt"),
      await subscriber("blk"),
    ];
    const confession = await postConfession(test.app, author, "my confession");
    const blockedNow = await requestAs(test.app, author, "POST", SOCIAL_PATHS.blocks, { userId: blocked.id });
    expect(blockedNow.statusCode).toBe(200);
    await postComment(test.app, blocked, confession.id, "from someone blocked");
    const comment = await postComment(test.app, commenter, confession.id, "a kind word");
    const { payload, push } = await nextPush(author);
    expect(payload.item).toMatchObject({
      kind: "confession_comment",
      title: NOTIFICATION_TEXTS.confessionComment,
      body: "",
      url: `/group-chat/confession-wall?confession=${confession.id}`,
    });
    expect(push.plaintext).not.toContain(commenter.username);
    expect(push.plaintext).not.toContain(commenter.id);
    expect(service.received(author.username)).toHaveLength(1);

    // A reply tells the comment's author.
    await postComment(test.app, author, confession.id, "thank you", comment.id);
    expect((await nextPush(commenter)).payload.item).toMatchObject({
      kind: "comment_reply",
      title: NOTIFICATION_TEXTS.commentReply,
    });

    // The one-tap action switches comments off (what the service worker calls).
    const off = await requestAs(test.app, author, "POST", NOTIFICATION_PATHS.turnOff, {
      category: "comments",
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().categories).toMatchObject({ comments: false, messages: true });
    await postComment(test.app, commenter, confession.id, "another word");
    await befriendRequest(commenter, author);
    expect((await nextPush(author)).payload.item.kind).toBe("friend_request");
    expect(service.received(author.username)).toHaveLength(2);
  });

  it("retries a push the service could not take, and forgets a subscription the service says is gone", async () => {
    const [asker, asked] = [await subscriber("ask"), await subscriber("gon")];
    service.answer(asked.username, 503, 429);
    await befriendRequest(asker, asked);
    expect((await nextPush(asked)).payload.item.kind).toBe("friend_request");
    expect(service.attempts(asked.username)).toBe(3);

    service.answer(asked.username, 410);
    const other = await subscriber("oth");
    await befriendRequest(other, asked);
    const rows = () =>
      test.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, asked.id));
    await vi.waitFor(async () => expect(await rows()).toHaveLength(0));
    expect(service.attempts(asked.username)).toBe(4);
    // The inbox still has both.
    expect((await inbox(asked)).unreadCount).toBe(2);
  });

  it("keeps quiet hours for pushes (the inbox still counts), and removes a deleted account's devices", async () => {
    const [asker, asked] = [await subscriber("ask"), await subscriber("qt")];
    const askedTab = await tab(asked);
    await settings(asked, { quietHours: { start: 0, end: 1439 }, timeZone: "UTC" });
    const shown = nextEvent(askedTab, "notification");
    await befriendRequest(asker, asked);
    expect(await shown).toMatchObject({ unreadCount: 1, item: { kind: "friend_request" } });
    expect(service.attempts(asked.username)).toBe(0);

    const deleted = await requestAs(test.app, asked, "DELETE", "/api/users/me", {});
    expect(deleted.statusCode).toBe(200);
    expect(
      await test.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, asked.id)),
    ).toEqual([]);
  });

  it("takes subscriptions and settings from registered users only, parsed and capped", async () => {
    const guest = await createGuest(test.app, `g${randomUUID().slice(0, 8)}`);
    const asGuest = await test.app.inject({
      method: "PUT",
      url: NOTIFICATION_PATHS.subscription,
      headers: { ...personHeaders(guest), "content-type": "application/json" },
      payload: service.subscription("guest"),
    });
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().error).toEqual({ code: "forbidden", message: NOTIFICATION_TEXTS.registeredOnly });

    const person = await subscriber("cap");
    const put = (payload: object) =>
      test.app.inject({
        method: "PUT",
        url: NOTIFICATION_PATHS.subscription,
        headers: { ...personHeaders(person), "content-type": "application/json" },
        payload,
      });
    const good = service.subscription("cap2");
    const local = await put({ ...good, endpoint: "https://127.0.0.1/push" });
    expect(local.statusCode).toBe(400);
    expect(local.json().error.message).toBe(NOTIFICATION_TEXTS.subscriptionRefused);
    const huge = await put({ ...good, endpoint: `https://push.example.com/${"a".repeat(5000)}` });
    expect(huge.statusCode).toBe(400);
    const badZone = await test.app.inject({
      method: "PUT",
      url: NOTIFICATION_PATHS.settings,
      headers: { ...personHeaders(person), "content-type": "application/json" },
      payload: { timeZone: "Mars/Olympus" },
    });
    expect(badZone.statusCode).toBe(400);
  });
});

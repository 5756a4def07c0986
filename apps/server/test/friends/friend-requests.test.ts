import { randomUUID } from "node:crypto";
import {
  FRIEND_ERROR_MESSAGES,
  FRIEND_REQUESTS_PER_HOUR,
  type FriendList,
  type FriendRequestList,
  type FriendRequestUpdatedPayload,
  type FriendRequestView,
  type PublicProfile,
  type SendFriendRequestResult,
  SOCIAL_PATHS,
  userDeletedMessage,
  userNotFoundMessage,
} from "@heartline/shared";
import { and, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { friendRequests } from "../../src/db/schema";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Friends (spec §3 Friend request, §4; ARCHITECTURE §5–§7): requests by username or id, the mutual
 * request that accepts, simultaneous requests, every refusal with its code and text, the live pushes
 * to every tab, presence on the friends list and the friend count on public profiles. One app for
 * the whole file (PGlite is heavy).
 */
describe("friends: /api/friend-requests, /api/friends", () => {
  let test: TestApp;
  let counter = 0;
  const name = (prefix: string) => `${prefix}${(counter++).toString(36)}_${randomUUID().slice(0, 4)}`;
  const member = () => createRegistered(test.app, name("fr"));

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const send = (from: TestPerson, payload: object) =>
    requestAs(test.app, from, "POST", SOCIAL_PATHS.friendRequests, payload);
  const sendOk = async (from: TestPerson, to: TestPerson) => {
    const response = await send(from, { userId: to.id });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SendFriendRequestResult>();
  };
  const requestsOf = async (person: TestPerson) =>
    (await requestAs(test.app, person, "GET", SOCIAL_PATHS.friendRequests)).json<FriendRequestList>();
  const friendsOf = async (person: TestPerson) =>
    (await requestAs(test.app, person, "GET", SOCIAL_PATHS.friends)).json<FriendList>();
  const pairRows = (a: TestPerson, b: TestPerson) =>
    test.app.db
      .select()
      .from(friendRequests)
      .where(
        or(
          and(eq(friendRequests.senderId, a.id), eq(friendRequests.receiverId, b.id)),
          and(eq(friendRequests.senderId, b.id), eq(friendRequests.receiverId, a.id)),
        ),
      );
  const expectError = (
    response: { statusCode: number; json: <T>() => T },
    status: number,
    code: string,
    message: string,
  ) => {
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status,
      body: { error: { code, message } },
    });
  };

  it("sends by username (any case), lists it on both sides, and the receiver accepts", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const sent = await send(alice, { username: bob.username.toUpperCase() });
    expect(sent.statusCode, sent.body).toBe(200);
    const result = sent.json<SendFriendRequestResult>();
    expect(result.status).toBe("pending");
    if (result.status !== "pending") return;
    expect(result.request).toMatchObject({
      direction: "outgoing",
      user: { id: bob.id, username: bob.username, isDeleted: false, gender: "male" },
    });

    expect((await requestsOf(alice)).outgoing.map((r) => r.id)).toEqual([result.request.id]);
    const bobs = await requestsOf(bob);
    expect(bobs.outgoing).toEqual([]);
    expect(bobs.incoming).toEqual([
      { ...result.request, direction: "incoming", user: expect.objectContaining({ id: alice.id }) },
    ]);

    const accepted = await requestAs(
      test.app,
      bob,
      "POST",
      SOCIAL_PATHS.acceptFriendRequest(result.request.id),
    );
    expect(accepted.json()).toEqual({ status: "accepted" });
    expect((await friendsOf(alice)).friends.map((f) => f.id)).toEqual([bob.id]);
    expect((await friendsOf(bob)).friends).toEqual([
      expect.objectContaining({
        id: alice.id,
        username: alice.username,
        status: "offline",
        isDeleted: false,
      }),
    ]);
    expect(await requestsOf(bob)).toEqual({ incoming: [], outgoing: [] });

    // Friends already: a new request either way is refused.
    expectError(await send(bob, { userId: alice.id }), 409, "conflict", FRIEND_ERROR_MESSAGES.alreadyFriends);
  });

  it("declines (receiver) and cancels (sender); each leaves nothing, and the sender may ask again", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const first = await sendOk(alice, bob);
    if (first.status !== "pending") throw new Error("expected pending");
    const declined = await requestAs(
      test.app,
      bob,
      "POST",
      SOCIAL_PATHS.declineFriendRequest(first.request.id),
    );
    expect(declined.json()).toEqual({ status: "declined" });
    expect(await pairRows(alice, bob)).toEqual([]);

    const second = await sendOk(alice, bob);
    if (second.status !== "pending") throw new Error("expected pending");
    expectError(
      await send(alice, { userId: bob.id }),
      409,
      "conflict",
      FRIEND_ERROR_MESSAGES.alreadyRequested,
    );
    const cancelled = await requestAs(
      test.app,
      alice,
      "DELETE",
      SOCIAL_PATHS.friendRequest(second.request.id),
    );
    expect(cancelled.json()).toEqual({ status: "cancelled" });
    expect(await pairRows(alice, bob)).toEqual([]);
    expectError(
      await requestAs(test.app, bob, "POST", SOCIAL_PATHS.acceptFriendRequest(second.request.id)),
      404,
      "not_found",
      FRIEND_ERROR_MESSAGES.requestNotFound,
    );
  });

  it("lets only the receiver answer and only the sender cancel; a stranger finds nothing", async () => {
    const [alice, bob, carol] = await Promise.all([member(), member(), member()]);
    const result = await sendOk(alice, bob);
    if (result.status !== "pending") throw new Error("expected pending");
    const id = result.request.id;
    const only = FRIEND_ERROR_MESSAGES;
    expectError(
      await requestAs(test.app, alice, "POST", SOCIAL_PATHS.acceptFriendRequest(id)),
      403,
      "forbidden",
      only.onlyReceiverAnswers,
    );
    expectError(
      await requestAs(test.app, alice, "POST", SOCIAL_PATHS.declineFriendRequest(id)),
      403,
      "forbidden",
      only.onlyReceiverAnswers,
    );
    expectError(
      await requestAs(test.app, bob, "DELETE", SOCIAL_PATHS.friendRequest(id)),
      403,
      "forbidden",
      only.onlySenderCancels,
    );
    for (const url of [SOCIAL_PATHS.acceptFriendRequest(id), SOCIAL_PATHS.declineFriendRequest(id)]) {
      expectError(await requestAs(test.app, carol, "POST", url), 404, "not_found", only.requestNotFound);
    }
    expectError(
      await requestAs(test.app, carol, "DELETE", SOCIAL_PATHS.friendRequest(id)),
      404,
      "not_found",
      only.requestNotFound,
    );
    expect((await pairRows(alice, bob)).map((row) => row.status)).toEqual(["pending"]);
  });

  it("accepts the other's pending request when you ask them too", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const first = await sendOk(alice, bob);
    const second = await sendOk(bob, alice);
    expect(second.status).toBe("accepted");
    if (second.status !== "accepted" || first.status !== "pending") return;
    expect(second.friend).toMatchObject({ id: alice.id, username: alice.username, status: "offline" });
    expect(await pairRows(alice, bob)).toEqual([
      expect.objectContaining({ id: first.request.id, status: "accepted" }),
    ]);
  });

  it("ends two simultaneous requests between the same people as one friendship", async () => {
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async () => [await member(), await member()] as const),
    );
    for (const [alice, bob] of pairs) {
      const answers = await Promise.all([send(alice, { userId: bob.id }), send(bob, { userId: alice.id })]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const statuses = answers.map((answer) => answer.json<SendFriendRequestResult>().status).sort();
      expect(statuses).toEqual(["accepted", "pending"]);
      const rows = await pairRows(alice, bob);
      expect(rows.map((row) => row.status)).toEqual(["accepted"]);
      expect((await friendsOf(alice)).friends.map((f) => f.id)).toEqual([bob.id]);
      expect((await friendsOf(bob)).friends.map((f) => f.id)).toEqual([alice.id]);
    }
  });

  it("refuses yourself, guests, unknown and deleted users, each with its text", async () => {
    const [alice, doomed] = await Promise.all([member(), member()]);
    const guest = await createGuest(test.app, name("gst"));
    expectError(
      await send(alice, { userId: alice.id }),
      400,
      "bad_request",
      FRIEND_ERROR_MESSAGES.cannotAddSelf,
    );
    expectError(
      await send(alice, { username: alice.username.toLowerCase() }),
      400,
      "bad_request",
      FRIEND_ERROR_MESSAGES.cannotAddSelf,
    );
    expectError(await send(alice, { userId: guest.id }), 403, "forbidden", FRIEND_ERROR_MESSAGES.guestTarget);
    expectError(
      await send(alice, { username: guest.username }),
      403,
      "forbidden",
      FRIEND_ERROR_MESSAGES.guestTarget,
    );
    expectError(
      await send(alice, { username: "nobody_here_at_all" }),
      404,
      "not_found",
      FRIEND_ERROR_MESSAGES.userNotFound,
    );
    expectError(
      await send(alice, { userId: "NoSuchUserIdAtAll1234" }),
      404,
      "not_found",
      userNotFoundMessage("NoSuchUserIdAtAll1234"),
    );
    // What no username or id can be is nobody, looked up or not.
    expectError(
      await send(alice, { username: "a b c" }),
      404,
      "not_found",
      FRIEND_ERROR_MESSAGES.userNotFound,
    );
    expectError(await send(alice, { userId: "a-b" }), 404, "not_found", userNotFoundMessage("a-b"));
    expect((await requestAs(test.app, doomed, "DELETE", "/api/users/me")).statusCode).toBe(200);
    expectError(await send(alice, { userId: doomed.id }), 404, "not_found", userDeletedMessage(doomed.id));
    expectError(
      await send(alice, { username: doomed.username }),
      404,
      "not_found",
      FRIEND_ERROR_MESSAGES.userNotFound,
    );
  });

  it("refuses a request to someone you blocked or who blocked you, with the same text", async () => {
    const [alice, bob, carol] = await Promise.all([member(), member(), member()]);
    expect(
      (await requestAs(test.app, alice, "POST", SOCIAL_PATHS.blocks, { userId: bob.id })).statusCode,
    ).toBe(200);
    expectError(await send(alice, { userId: bob.id }), 403, "forbidden", FRIEND_ERROR_MESSAGES.blocked);
    expectError(
      await send(bob, { username: alice.username }),
      403,
      "forbidden",
      FRIEND_ERROR_MESSAGES.blocked,
    );
    expect(
      (await requestAs(test.app, carol, "POST", SOCIAL_PATHS.blocks, { userId: alice.id })).statusCode,
    ).toBe(200);
    expectError(await send(alice, { userId: carol.id }), 403, "forbidden", FRIEND_ERROR_MESSAGES.blocked);
    expect(await pairRows(alice, bob)).toEqual([]);
    expect(await pairRows(alice, carol)).toEqual([]);
  });

  it("refuses visitors (401), guests and unverified users (403 registeredOnly), before reading the body", async () => {
    const guest = await createGuest(test.app, name("gst"));
    const unverified = await createRegistered(test.app, name("unv"), { isVerified: false });
    const visitor = await test.app.inject({ method: "GET", url: SOCIAL_PATHS.friends });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe("unauthorized");
    for (const person of [guest, unverified]) {
      for (const [method, url, payload] of [
        ["GET", SOCIAL_PATHS.friends, undefined],
        ["GET", SOCIAL_PATHS.friendRequests, undefined],
        ["POST", SOCIAL_PATHS.friendRequests, { nonsense: true }],
        ["POST", SOCIAL_PATHS.acceptFriendRequest("not-a-uuid"), undefined],
        ["DELETE", SOCIAL_PATHS.friend("x"), undefined],
      ] as const) {
        expectError(
          await requestAs(test.app, person, method, url, payload),
          403,
          "forbidden",
          FRIEND_ERROR_MESSAGES.registeredOnly,
        );
      }
    }
  });

  it("limits requests to 30 an hour per sender, refused ones included", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const probes = Array.from({ length: FRIEND_REQUESTS_PER_HOUR }, (_, index) =>
      send(alice, { username: `nobody_${index}` }),
    );
    for (const answer of await Promise.all(probes)) expect(answer.statusCode).toBe(404);
    expectError(
      await send(alice, { userId: bob.id }),
      429,
      "rate_limited",
      FRIEND_ERROR_MESSAGES.tooManyRequests,
    );
    expect(await pairRows(alice, bob)).toEqual([]);
    // Someone else's limit is their own.
    expect((await sendOk(bob, alice)).status).toBe("pending");
  });

  it("pushes friend_request to every tab of both people, and friend_request_updated on each change", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const aliceTab = await test.connect(asPerson(alice));
    const [bobTab1, bobTab2] = await Promise.all([test.connect(asPerson(bob)), test.connect(asPerson(bob))]);

    const incoming = [bobTab1, bobTab2].map((tab) => nextEvent(tab, "friend_request"));
    const outgoing = nextEvent(aliceTab, "friend_request");
    const result = await sendOk(alice, bob);
    if (result.status !== "pending") throw new Error("expected pending");
    for (const view of await Promise.all(incoming)) {
      expect(view).toEqual<FriendRequestView>({
        id: result.request.id,
        direction: "incoming",
        user: {
          id: alice.id,
          username: alice.username,
          profileImage: null,
          gender: "male",
          isDeleted: false,
        },
        createdAt: result.request.createdAt,
      });
    }
    expect(await outgoing).toMatchObject({
      id: result.request.id,
      direction: "outgoing",
      user: { id: bob.id },
    });

    const updates = (status: FriendRequestUpdatedPayload["status"]) => ({
      alice: nextEvent(aliceTab, "friend_request_updated", (p) => p.status === status),
      bob: nextEvent(bobTab2, "friend_request_updated", (p) => p.status === status),
    });
    const accepted = updates("accepted");
    await requestAs(test.app, bob, "POST", SOCIAL_PATHS.acceptFriendRequest(result.request.id));
    expect(await accepted.alice).toEqual({ id: result.request.id, status: "accepted", userId: bob.id });
    expect(await accepted.bob).toEqual({ id: result.request.id, status: "accepted", userId: alice.id });

    // Both are connected: the friends list shows them online.
    expect((await friendsOf(alice)).friends).toEqual([
      expect.objectContaining({ id: bob.id, status: "online" }),
    ]);

    const removed = updates("removed");
    const answer = await requestAs(test.app, alice, "DELETE", SOCIAL_PATHS.friend(bob.id));
    expect(answer.json()).toEqual({ removed: true });
    expect(await removed.alice).toEqual({ id: result.request.id, status: "removed", userId: bob.id });
    expect(await removed.bob).toEqual({ id: result.request.id, status: "removed", userId: alice.id });
    expect((await requestAs(test.app, alice, "DELETE", SOCIAL_PATHS.friend(bob.id))).json()).toEqual({
      removed: false,
    });
    expect(await friendsOf(bob)).toEqual({ friends: [] });

    const again = await sendOk(bob, alice);
    if (again.status !== "pending") throw new Error("expected pending");
    const cancelled = updates("cancelled");
    await requestAs(test.app, bob, "DELETE", SOCIAL_PATHS.friendRequest(again.request.id));
    expect(await cancelled.alice).toEqual({ id: again.request.id, status: "cancelled", userId: bob.id });
    expect(await cancelled.bob).toEqual({ id: again.request.id, status: "cancelled", userId: alice.id });

    const third = await sendOk(bob, alice);
    if (third.status !== "pending") throw new Error("expected pending");
    const declined = updates("declined");
    await requestAs(test.app, alice, "POST", SOCIAL_PATHS.declineFriendRequest(third.request.id));
    expect(await declined.alice).toEqual({ id: third.request.id, status: "declined", userId: bob.id });
    expect(await declined.bob).toEqual({ id: third.request.id, status: "declined", userId: alice.id });
    for (const tab of [aliceTab, bobTab1, bobTab2]) tab.disconnect();
  });

  it("shows a friend away when every tab of theirs in the group says away, offline once gone", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    await sendOk(alice, bob);
    await sendOk(bob, alice);
    const statusOfBob = async () => (await friendsOf(alice)).friends.find((f) => f.id === bob.id)?.status;
    expect(await statusOfBob()).toBe("offline");
    const bobTab = await test.connect(asPerson(bob));
    expect((await emitWithAck(bobTab, "join_group")).ok).toBe(true);
    expect(await statusOfBob()).toBe("online");
    bobTab.emit("status:update", "away");
    await expect.poll(statusOfBob, { timeout: 3_000 }).toBe("away");
    // A second tab that is not away makes bob online again.
    const bobOtherTab = await test.connect(asPerson(bob));
    expect(await statusOfBob()).toBe("online");
    bobTab.disconnect();
    bobOtherTab.disconnect();
    await expect.poll(statusOfBob, { timeout: 3_000 }).toBe("offline");
  });

  it("shows when an offline friend was last active: the moment their last socket closed", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    await sendOk(alice, bob);
    await sendOk(bob, alice);
    const bobOf = async () => (await friendsOf(alice)).friends.find((f) => f.id === bob.id);
    expect((await bobOf())?.lastActive).toBeNull();
    const before = Date.now();
    const bobTab = await test.connect(asPerson(bob));
    bobTab.disconnect();
    await expect
      .poll(async () => (await bobOf())?.lastActive ?? 0, { timeout: 3_000 })
      .toBeGreaterThanOrEqual(before - 1_000);
  });

  it("counts distinct friends in either direction on the public profile (spec §3)", async () => {
    const [alice, bob, carol, dave] = await Promise.all([member(), member(), member(), member()]);
    const profile = async (person: TestPerson) =>
      (await requestAs(test.app, dave, "GET", `/api/users/${person.id}`)).json<PublicProfile>();
    expect((await profile(alice)).friendCount).toBe(0);
    await sendOk(alice, bob);
    expect((await profile(alice)).friendCount).toBe(0);
    await sendOk(bob, alice);
    const fromCarol = await sendOk(carol, alice);
    if (fromCarol.status !== "pending") throw new Error("expected pending");
    await requestAs(test.app, alice, "POST", SOCIAL_PATHS.acceptFriendRequest(fromCarol.request.id));
    await sendOk(alice, dave);
    expect((await profile(alice)).friendCount).toBe(2);
    expect((await profile(bob)).friendCount).toBe(1);
    expect((await profile(dave)).friendCount).toBe(0);
  });
});

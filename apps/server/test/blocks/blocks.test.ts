import { randomUUID } from "node:crypto";
import {
  BLOCK_ERROR_MESSAGES,
  type FriendList,
  type FriendRequestList,
  SERVER_MESSAGES,
  type SendFriendRequestResult,
  SOCIAL_PATHS,
  userDeletedMessage,
  userNotFoundMessage,
} from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTERED_REQUEST_LIMIT } from "../../src/features/accounts/session-guards";
import { blockRelation, isBlockedEitherWay } from "../../src/social/index";
import {
  asPerson,
  createGuest,
  createRegistered,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { delay, nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Blocks (spec §4 Blocking; ARCHITECTURE §6–§7): idempotent block and unblock, `block_state` to every
 * tab of the blocker only, a block ends the friendship and any pending request, refusals with their
 * code and text. One app for the whole file.
 */
describe("blocks: /api/blocks", () => {
  let test: TestApp;
  let counter = 0;
  const name = (prefix: string) => `${prefix}${(counter++).toString(36)}_${randomUUID().slice(0, 4)}`;
  const member = () => createRegistered(test.app, name("bl"));

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100" } });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const block = (by: TestPerson, userId: string) =>
    requestAs(test.app, by, "POST", SOCIAL_PATHS.blocks, { userId });
  const unblock = (by: TestPerson, userId: string) =>
    requestAs(test.app, by, "DELETE", SOCIAL_PATHS.block(userId));
  const blockedIdsOf = async (person: TestPerson) =>
    (await requestAs(test.app, person, "GET", SOCIAL_PATHS.blocks)).json<{ blockedIds: string[] }>()
      .blockedIds;
  const befriend = async (a: TestPerson, b: TestPerson) => {
    await requestAs(test.app, a, "POST", SOCIAL_PATHS.friendRequests, { userId: b.id });
    const answer = await requestAs(test.app, b, "POST", SOCIAL_PATHS.friendRequests, { userId: a.id });
    expect(answer.json<SendFriendRequestResult>().status).toBe("accepted");
  };
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

  it("blocks and unblocks idempotently; the list and the shared lookup follow", async () => {
    const [alice, bob, carol] = await Promise.all([member(), member(), member()]);
    expect((await block(alice, bob.id)).json()).toEqual({ blocked: true });
    expect((await block(alice, bob.id)).json()).toEqual({ blocked: true });
    expect((await block(alice, carol.id)).json()).toEqual({ blocked: true });
    expect((await blockedIdsOf(alice)).sort()).toEqual([bob.id, carol.id].sort());
    expect(await blockedIdsOf(bob)).toEqual([]);
    expect(await blockRelation(test.app.db, alice.id, bob.id)).toEqual({
      blockedByMe: true,
      blockedMe: false,
    });
    expect(await blockRelation(test.app.db, bob.id, alice.id)).toEqual({
      blockedByMe: false,
      blockedMe: true,
    });

    expect((await unblock(alice, bob.id)).json()).toEqual({ blocked: false });
    expect((await unblock(alice, bob.id)).json()).toEqual({ blocked: false });
    expect(await blockedIdsOf(alice)).toEqual([carol.id]);
    expect(await isBlockedEitherWay(test.app.db, bob.id, alice.id)).toBe(false);
  });

  it("tells every tab of the blocker (block_state), and the blocked person nothing", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    const [tab1, tab2, bobTab] = await Promise.all([
      test.connect(asPerson(alice)),
      test.connect(asPerson(alice)),
      test.connect(asPerson(bob)),
    ]);
    const heardByBob = recordEvents(bobTab, "block_state");
    const blocked = [tab1, tab2].map((tab) => nextEvent(tab, "block_state"));
    await block(alice, bob.id);
    for (const payload of await Promise.all(blocked))
      expect(payload).toEqual({ userId: bob.id, blocked: true });

    // Blocking again changes nothing and says nothing.
    const repeats = recordEvents(tab1, "block_state");
    await block(alice, bob.id);
    const unblocked = [tab1, tab2].map((tab) => nextEvent(tab, "block_state"));
    await unblock(alice, bob.id);
    for (const payload of await Promise.all(unblocked))
      expect(payload).toEqual({ userId: bob.id, blocked: false });
    await delay(100);
    expect(repeats.payloads).toEqual([{ userId: bob.id, blocked: false }]);
    expect(heardByBob.payloads).toEqual([]);
    for (const tab of [tab1, tab2, bobTab]) tab.disconnect();
  });

  it("ends the friendship (removed) and a pending request (cancelled) between the two", async () => {
    const [alice, bob, carol] = await Promise.all([member(), member(), member()]);
    await befriend(alice, bob);
    const pending = await requestAs(test.app, carol, "POST", SOCIAL_PATHS.friendRequests, {
      userId: alice.id,
    });
    expect(pending.statusCode).toBe(200);
    const [bobTab, carolTab] = await Promise.all([
      test.connect(asPerson(bob)),
      test.connect(asPerson(carol)),
    ]);

    const bobHears = nextEvent(bobTab, "friend_request_updated");
    await block(alice, bob.id);
    expect(await bobHears).toMatchObject({ status: "removed", userId: alice.id });
    const friendsOf = async (person: TestPerson) =>
      (await requestAs(test.app, person, "GET", SOCIAL_PATHS.friends)).json<FriendList>().friends;
    expect(await friendsOf(alice)).toEqual([]);
    expect(await friendsOf(bob)).toEqual([]);

    const carolHears = nextEvent(carolTab, "friend_request_updated");
    await block(alice, carol.id);
    expect(await carolHears).toMatchObject({ status: "cancelled", userId: alice.id });
    const requests = (
      await requestAs(test.app, carol, "GET", SOCIAL_PATHS.friendRequests)
    ).json<FriendRequestList>();
    expect(requests).toEqual({ incoming: [], outgoing: [] });

    // Unblocking does not bring the friendship back.
    await unblock(alice, bob.id);
    expect(await friendsOf(alice)).toEqual([]);
    bobTab.disconnect();
    carolTab.disconnect();
  });

  it("refuses yourself, unknown and deleted users, with their texts", async () => {
    const [alice, doomed] = await Promise.all([member(), member()]);
    expectError(await block(alice, alice.id), 400, "bad_request", BLOCK_ERROR_MESSAGES.cannotBlockSelf);
    expectError(
      await block(alice, "NoSuchUserIdAtAll1234"),
      404,
      "not_found",
      userNotFoundMessage("NoSuchUserIdAtAll1234"),
    );
    expect((await requestAs(test.app, doomed, "DELETE", "/api/users/me")).statusCode).toBe(200);
    expectError(await block(alice, doomed.id), 404, "not_found", userDeletedMessage(doomed.id));
    expect(await blockedIdsOf(alice)).toEqual([]);
  });

  it("limits one user's requests to the social routes together, per minute (429 rate_limited)", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    // Blocks, conversations and friends share the one per-user budget.
    const paths = [SOCIAL_PATHS.blocks, SOCIAL_PATHS.conversations, SOCIAL_PATHS.friends];
    for (let i = 0; i < REGISTERED_REQUEST_LIMIT.points; i++) {
      const response = await requestAs(test.app, alice, "GET", paths[i % paths.length] as string);
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await requestAs(test.app, alice, "GET", SOCIAL_PATHS.blocks);
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: 429,
      body: { error: { code: "rate_limited", message: SERVER_MESSAGES.tooManyRequests } },
    });
    // Another user's budget is their own.
    expect((await requestAs(test.app, bob, "GET", SOCIAL_PATHS.blocks)).statusCode).toBe(200);
  });

  it("refuses visitors (401), guests and unverified users (403), before reading the body", async () => {
    const target = await member();
    const guest = await createGuest(test.app, name("gst"));
    const unverified = await createRegistered(test.app, name("unv"), { isVerified: false });
    const visitor = await test.app.inject({ method: "GET", url: SOCIAL_PATHS.blocks });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe("unauthorized");
    for (const person of [guest, unverified]) {
      expectError(
        await requestAs(test.app, person, "GET", SOCIAL_PATHS.blocks),
        403,
        "forbidden",
        BLOCK_ERROR_MESSAGES.registeredOnly,
      );
      expectError(
        await requestAs(test.app, person, "POST", SOCIAL_PATHS.blocks, { wrong: 1 }),
        403,
        "forbidden",
        BLOCK_ERROR_MESSAGES.registeredOnly,
      );
      expectError(await block(person, target.id), 403, "forbidden", BLOCK_ERROR_MESSAGES.registeredOnly);
      expectError(await unblock(person, target.id), 403, "forbidden", BLOCK_ERROR_MESSAGES.registeredOnly);
    }
    expect(await isBlockedEitherWay(test.app.db, guest.id, target.id)).toBe(false);
  });
});

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { ACCOUNT_PATHS, DISPLAY_NAME_FALLBACKS, type PublicProfile } from "@heartline/shared";
import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  account,
  conversationIdOf,
  conversationState,
  conversations,
  deletedUsers,
  directMessages,
  friendRequests,
  session,
  uploads,
  user,
  userBlocks,
} from "../../src/db/schema";
import { multipartFile, smallPng } from "../fixtures/images";
import { asUser, createGuestUser, createRegisteredUser, type TestUser } from "../fixtures/users";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

describe("account deletion (spec §4: one transaction, files removed, user_deleted pushed)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  /** Friends, a conversation with two messages and state rows, and a block: what deletion must remove. */
  async function befriendAndChat(a: TestUser, b: TestUser): Promise<string> {
    const db = test.app.db;
    const conversationId = conversationIdOf(a.id, b.id);
    const [userA, userB] = [a.id, b.id].sort() as [string, string];
    await db.insert(friendRequests).values({ senderId: a.id, receiverId: b.id, status: "accepted" });
    await db.insert(conversations).values({ id: conversationId, userA, userB });
    const first = randomUUID();
    const reply = randomUUID();
    await db.insert(directMessages).values([
      { id: first, conversationId, senderId: a.id, receiverId: b.id, content: "hi", seq: 1 },
      {
        id: reply,
        conversationId,
        senderId: b.id,
        receiverId: a.id,
        content: "hey",
        seq: 2,
        replyToId: first,
      },
    ]);
    await db.update(conversations).set({ lastSeq: 2 }).where(eq(conversations.id, conversationId));
    await db.insert(conversationState).values([
      { userId: a.id, conversationId, lastReadSeq: 2 },
      { userId: b.id, conversationId, unreadCount: 1 },
    ]);
    return conversationId;
  }

  async function rowsOf(userId: string) {
    const db = test.app.db;
    return {
      user: await db.select().from(user).where(eq(user.id, userId)),
      sessions: await db.select().from(session).where(eq(session.userId, userId)),
      accounts: await db.select().from(account).where(eq(account.userId, userId)),
      friendRequests: await db
        .select()
        .from(friendRequests)
        .where(or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId))),
      conversations: await db
        .select()
        .from(conversations)
        .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId))),
      directMessages: await db
        .select()
        .from(directMessages)
        .where(or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId))),
      blocks: await db
        .select()
        .from(userBlocks)
        .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId))),
      uploads: await db.select().from(uploads).where(eq(uploads.userId, userId)),
    };
  }

  function connectAs(testUser: TestUser) {
    return test.connect({ extraHeaders: { cookie: testUser.cookie, origin: TEST_PUBLIC_URL } });
  }

  it("removes the user's rows and files, keeps others' rows, and shows the partner 'Deleted User'", async () => {
    const member = await createRegisteredUser(test.app);
    const partner = await createRegisteredUser(test.app);
    const bystander = await createRegisteredUser(test.app);
    const conversationId = await befriendAndChat(member, partner);
    await befriendAndChat(partner, bystander);
    await test.app.db.insert(userBlocks).values({ blockerId: partner.id, blockedId: member.id });

    const picture = multipartFile(await smallPng());
    const uploaded = await test.app.inject({
      method: "POST",
      url: ACCOUNT_PATHS.myAvatar,
      headers: { ...asUser(member), ...picture.headers },
      payload: picture.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const folder = path.join(test.dataDir, "uploads", "users", member.id);
    expect(existsSync(folder)).toBe(true);

    const partnerSocket = await connectAs(partner);
    const memberSocket = await connectAs(member);
    const deletedEvent = nextEvent(partnerSocket, "user_deleted", (payload) => payload.userId === member.id);
    const memberDisconnected = new Promise<string>((resolve) => memberSocket.once("disconnect", resolve));

    const response = await test.app.inject({
      method: "DELETE",
      url: ACCOUNT_PATHS.myProfile,
      headers: asUser(member),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = [response.headers["set-cookie"] ?? []].flat();
    expect(cleared).toContainEqual(expect.stringMatching(/^better-auth\.session_token=;.*Max-Age=0/));

    expect(await rowsOf(member.id)).toEqual({
      user: [],
      sessions: [],
      accounts: [],
      friendRequests: [],
      conversations: [],
      directMessages: [],
      blocks: [],
      uploads: [],
    });
    const partnerState = await test.app.db
      .select()
      .from(conversationState)
      .where(eq(conversationState.conversationId, conversationId));
    expect(partnerState).toEqual([]);
    expect(existsSync(folder)).toBe(false);

    // The partner's friendship and chat with someone else are untouched.
    const partnerRows = await rowsOf(partner.id);
    expect(partnerRows.friendRequests).toHaveLength(1);
    expect(partnerRows.conversations).toHaveLength(1);
    expect(partnerRows.directMessages).toHaveLength(2);

    await expect(deletedEvent).resolves.toEqual({ userId: member.id });
    await expect(memberDisconnected).resolves.toBe("io server disconnect");

    const seen = await test.app.inject({
      method: "GET",
      url: ACCOUNT_PATHS.user(member.id),
      headers: asUser(partner),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<PublicProfile>()).toMatchObject({
      id: member.id,
      username: DISPLAY_NAME_FALLBACKS.deletedUser,
      isDeleted: true,
      profileImage: null,
      bio: null,
    });
    const tombstone = await test.app.db.select().from(deletedUsers).where(eq(deletedUsers.id, member.id));
    expect(Object.keys(tombstone[0] ?? {}).sort()).toEqual(["deletedAt", "id"]);

    // The old cookie is worth nothing now.
    const me = await test.app.inject({
      method: "GET",
      url: ACCOUNT_PATHS.me,
      headers: { cookie: member.cookie },
    });
    expect(me.json()).toEqual({ user: null });
  });

  it("deletes a guest likewise, with its friend requests", async () => {
    const guest = await createGuestUser(test.app);
    const friend = await createRegisteredUser(test.app);
    await test.app.db.insert(friendRequests).values({ senderId: guest.id, receiverId: friend.id });

    const response = await test.app.inject({
      method: "DELETE",
      url: ACCOUNT_PATHS.myProfile,
      headers: asUser(guest),
    });
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf(guest.id);
    expect(rows.user).toEqual([]);
    expect(rows.friendRequests).toEqual([]);
    const seen = await test.app.inject({
      method: "GET",
      url: ACCOUNT_PATHS.user(guest.id),
      headers: asUser(friend),
    });
    expect(seen.json<PublicProfile>().isDeleted).toBe(true);
  });

  it("refuses without a session, and from a foreign origin, deleting nothing", async () => {
    const member = await createRegisteredUser(test.app);
    const anonymous = await test.app.inject({
      method: "DELETE",
      url: ACCOUNT_PATHS.myProfile,
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await test.app.inject({
      method: "DELETE",
      url: ACCOUNT_PATHS.myProfile,
      headers: { cookie: member.cookie, origin: "https://evil.example" },
    });
    expect(forged.statusCode).toBe(403);
    expect((await rowsOf(member.id)).user).toHaveLength(1);
  });
});

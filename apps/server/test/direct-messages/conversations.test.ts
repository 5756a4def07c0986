import {
  type ConversationDetail,
  type ConversationList,
  type ConversationStatePayload,
  type DirectMessagePage,
  DM_ERROR_MESSAGES,
  type GroupImageUpload,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { and, eq, or } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversationState,
  conversations,
  directMessages,
  friendRequests,
  uploads,
} from "../../src/db/schema";
import {
  AUTH_HEADERS,
  asPerson,
  personHeaders,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { gpsTaggedJpeg, multipartFile } from "../fixtures/images";
import { delay, nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { type DmMember, dmMember, sendDm, sendOk, text } from "./dm-fixtures";

/**
 * Conversations (spec §4 Conversations, §7; ARCHITECTURE §5–§6): the list, keyset history and the
 * catch-up after a reconnect, read and delivery receipts, hide/unhide with the 3 s read block, images,
 * and the deletion cascade. One app for the file.
 */
describe("conversations", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100", SOCKET_CONNECTIONS_PER_IP: "500" } });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const get = async <T>(person: TestPerson, url: string) => {
    const response = await requestAs(test.app, person, "GET", url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const post = async <T>(person: TestPerson, url: string) => {
    const response = await requestAs(test.app, person, "POST", url, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const page = (person: TestPerson, partnerId: string, query = "") =>
    get<DirectMessagePage>(person, `${SOCIAL_PATHS.conversationMessages(partnerId)}${query}`);
  const listOf = (person: TestPerson) => get<ConversationList>(person, SOCIAL_PATHS.conversations);
  const stateRow = async (userId: string, partnerId: string) => {
    const [row] = await test.app.db
      .select()
      .from(conversationState)
      .where(
        and(
          eq(conversationState.userId, userId),
          eq(conversationState.conversationId, [userId, partnerId].sort().join("-")),
        ),
      );
    return row;
  };
  const sendMany = async (from: DmMember, to: DmMember, count: number, prefix: string) => {
    const sent = [];
    for (let i = 0; i < count; i++)
      sent.push(await sendOk(from.socket, text(to.person.id, `${prefix} ${i}`)));
    return sent;
  };

  it("pages a thread by seq: the newest page, older pages, and everything after a seq with no hole", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    await sendMany(alice, bob, 7, "m");
    const newest = await page(bob.person, alice.person.id, "?limit=3");
    expect(newest.messages.map((m) => m.seq)).toEqual([5, 6, 7]);
    expect(newest.hasMore).toBe(true);
    const older = await page(bob.person, alice.person.id, "?before=5&limit=3");
    expect(older.messages.map((m) => m.seq)).toEqual([2, 3, 4]);
    const oldest = await page(bob.person, alice.person.id, "?before=2&limit=3");
    expect({ seqs: oldest.messages.map((m) => m.seq), hasMore: oldest.hasMore }).toEqual({
      seqs: [1],
      hasMore: false,
    });
    // Bob goes offline at seq 7; alice writes on; back online he asks for everything after 7.
    bob.socket.disconnect();
    await sendMany(alice, bob, 5, "while away");
    bob.socket.connect();
    const missed: number[] = [];
    let after = 7;
    for (;;) {
      const next = await page(bob.person, alice.person.id, `?after=${after}&limit=2`);
      missed.push(...next.messages.map((m) => m.seq));
      after = next.messages.at(-1)?.seq ?? after;
      if (!next.hasMore) break;
    }
    expect(missed).toEqual([8, 9, 10, 11, 12]);
    const bad = await requestAs(
      test.app,
      bob.person,
      "GET",
      `${SOCIAL_PATHS.conversationMessages(alice.person.id)}?before=3&after=1`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: "bad_request" } });
  });

  it("lists conversations newest first with the last message, unread counts and the total", async () => {
    const me = await dmMember(test);
    const first = await dmMember(test);
    const second = await dmMember(test);
    await sendOk(first.socket, text(me.person.id, "from first"));
    await delay(5);
    await sendOk(second.socket, text(me.person.id, "from second 1"));
    const last = await sendOk(second.socket, text(me.person.id, "from second 2"));
    const list = await listOf(me.person);
    expect(list.conversations.map((c) => c.partner.id)).toEqual([second.person.id, first.person.id]);
    expect(list.conversations[0]).toMatchObject({
      partner: { id: second.person.id, username: second.person.username, isDeleted: false },
      lastMessage: { id: last.id, content: "from second 2", senderId: second.person.id, seq: 2 },
      unreadCount: 2,
      hidden: false,
    });
    expect(list.totalUnread).toBe(3);
    // The sender's own list has the conversation with nothing unread.
    const theirs = await listOf(second.person);
    expect(theirs.conversations).toHaveLength(1);
    expect(theirs.conversations[0]).toMatchObject({ partner: { id: me.person.id }, unreadCount: 0 });
    const detail = await get<ConversationDetail>(me.person, SOCIAL_PATHS.conversation(second.person.id));
    expect(detail).toMatchObject({ blockedByMe: false, isFriend: false, conversation: { unreadCount: 2 } });
  });

  it("turns the sender's ticks to delivered and then read, and syncs the read to the reader's other tabs", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const bobOtherTab = await test.connect(asPerson(bob.person));
    const [one, two] = await sendMany(alice, bob, 2, "tick");
    if (!one || !two) throw new Error("not sent");
    const delivered = nextEvent(alice.socket, "direct_message_status");
    bob.socket.emit("direct_message_delivered", { partnerId: alice.person.id, upToSeq: two.seq });
    expect(await delivered).toEqual({ conversationId: two.conversationId, upToSeq: 2, status: "delivered" });
    const read = nextEvent(alice.socket, "direct_message_status");
    const otherTab = nextEvent(bobOtherTab, "conversation_state");
    const state = await post<ConversationStatePayload>(
      bob.person,
      SOCIAL_PATHS.conversationRead(alice.person.id),
    );
    expect(state).toMatchObject({
      partnerId: alice.person.id,
      unreadCount: 0,
      lastReadSeq: 2,
      hidden: false,
    });
    expect(await read).toEqual({ conversationId: two.conversationId, upToSeq: 2, status: "read" });
    expect(await otherTab).toEqual(state);
    const statuses = (await page(alice.person, bob.person.id)).messages.map((m) => m.status);
    expect(statuses).toEqual(["read", "read"]);
    // A receipt for someone else's messages changes nothing.
    const carol = await dmMember(test);
    const noise = recordEvents(alice.socket, "direct_message_status");
    carol.socket.emit("direct_message_delivered", { partnerId: alice.person.id, upToSeq: 99 });
    await delay(300);
    expect(noise.payloads).toHaveLength(0);
  });

  it("hides and unhides; a new message from a hidden partner unhides it; a read within 3 s of an unhide is ignored", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    await sendOk(alice.socket, text(bob.person.id, "first"));
    const hidden = await post<ConversationStatePayload>(
      bob.person,
      SOCIAL_PATHS.conversationHide(alice.person.id),
    );
    expect(hidden.hidden).toBe(true);
    expect((await listOf(bob.person)).totalUnread).toBe(0);
    const unhiddenPush = nextEvent(bob.socket, "conversation_state", (p) => p.unhiddenByMessage === true);
    await sendOk(alice.socket, text(bob.person.id, "are you there?"));
    expect(await unhiddenPush).toMatchObject({ partnerId: alice.person.id, hidden: false, unreadCount: 2 });
    // Within 3 s of that unhide, marking read is ignored (spec §4).
    const ignored = await post<ConversationStatePayload>(
      bob.person,
      SOCIAL_PATHS.conversationRead(alice.person.id),
    );
    expect(ignored).toMatchObject({ unreadCount: 2, lastReadSeq: 0 });
    // Later, it counts (the unhide is moved 4 s into the past rather than waiting).
    const bobRow = await stateRow(bob.person.id, alice.person.id);
    await test.app.db
      .update(conversationState)
      .set({ unhiddenAt: new Date(Date.now() - 4_000) })
      .where(
        and(
          eq(conversationState.userId, bob.person.id),
          eq(conversationState.conversationId, bobRow?.conversationId ?? ""),
        ),
      );
    const read = await post<ConversationStatePayload>(
      bob.person,
      SOCIAL_PATHS.conversationRead(alice.person.id),
    );
    expect(read).toMatchObject({ unreadCount: 0, lastReadSeq: 2 });
    // An explicit unhide starts the block too.
    await post(bob.person, SOCIAL_PATHS.conversationHide(alice.person.id));
    const unhidden = await post<ConversationStatePayload>(
      bob.person,
      SOCIAL_PATHS.conversationUnhide(alice.person.id),
    );
    expect(unhidden.hidden).toBe(false);
    expect((await stateRow(bob.person.id, alice.person.id))?.unhiddenAt).not.toBeNull();
  });

  it("sends an image only from the sender's own DM upload, with its metadata stripped", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const file = multipartFile(await gpsTaggedJpeg(), { contentType: "image/jpeg" });
    const uploadAs = (person: TestPerson) =>
      test.app.inject({
        method: "POST",
        url: SOCIAL_PATHS.dmImages,
        headers: { ...personHeaders(person), origin: AUTH_HEADERS.origin, ...file.headers },
        payload: file.payload,
      });
    const uploaded = await uploadAs(alice.person);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json<GroupImageUpload>();
    // A DM image is served to the pair only (issue #33): the uploader reads it back.
    const served = await test.app.inject({ method: "GET", url, headers: personHeaders(alice.person) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from("Exif"))).toBe(false);
    // Bob cannot post alice's upload; alice can, once.
    const stolen = await sendDm(bob.socket, { ...text(alice.person.id, url), type: "image" });
    expect(stolen).toEqual({
      ok: false,
      error: { code: "bad_request", message: DM_ERROR_MESSAGES.imageNotYourUpload },
    });
    const message = await sendOk(alice.socket, { ...text(bob.person.id, url), type: "image" });
    expect(message.type).toBe("image");
    const [row] = await test.app.db.select().from(uploads).where(eq(uploads.messageId, message.id));
    expect(row).toMatchObject({ kind: "dm", userId: alice.person.id });
    const carol = await dmMember(test);
    const again = await sendDm(alice.socket, { ...text(carol.person.id, url), type: "image" });
    expect(again).toEqual({
      ok: false,
      error: { code: "bad_request", message: DM_ERROR_MESSAGES.imageNotYourUpload },
    });
  });

  it("deletes a user's messages, conversations, state rows and friend requests with the account", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    await sendOk(alice.socket, text(bob.person.id, "bye"));
    await sendOk(bob.socket, text(alice.person.id, "bye bye"));
    await test.app.db
      .insert(friendRequests)
      .values({ senderId: alice.person.id, receiverId: bob.person.id, status: "accepted" });
    const gone = nextEvent(bob.socket, "user_deleted", (p) => p.userId === alice.person.id);
    const deleted = await requestAs(test.app, alice.person, "DELETE", "/api/users/me", {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    await gone;
    const involving = (column: AnyPgColumn, other: AnyPgColumn) =>
      or(eq(column, alice.person.id), eq(other, alice.person.id));
    expect(
      await test.app.db
        .select()
        .from(directMessages)
        .where(involving(directMessages.senderId, directMessages.receiverId)),
    ).toEqual([]);
    expect(
      await test.app.db
        .select()
        .from(conversations)
        .where(or(eq(conversations.userA, alice.person.id), eq(conversations.userB, alice.person.id))),
    ).toEqual([]);
    expect(
      await test.app.db.select().from(conversationState).where(eq(conversationState.userId, bob.person.id)),
    ).toEqual([]);
    expect(
      await test.app.db
        .select()
        .from(friendRequests)
        .where(involving(friendRequests.senderId, friendRequests.receiverId)),
    ).toEqual([]);
    // Bob's list no longer has the conversation (history goes with the account, spec §4).
    expect((await listOf(bob.person)).conversations).toEqual([]);
  });
});

import {
  type DirectMessage,
  DM_ERROR_MESSAGES,
  SOCIAL_PATHS,
  userDeletedMessage,
  userNotFoundMessage,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directMessages, userBlocks } from "../../src/db/schema";
import { asPerson, createGuest, createRegistered, requestAs } from "../fixtures/group-fixtures";
import { delay, nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { dmMember, sendDm, sendOk, text, uniqueName } from "./dm-fixtures";

/**
 * Sending a direct message (ARCHITECTURE §5, §7; spec §5 "Messages", "Starting a conversation"): acked
 * only after commit, pushed to every tab of both people, idempotent by id, and every refusal (with its
 * code and text) stores nothing. One app for the file.
 */
describe("direct_message", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { AUTH_RATE_LIMIT_SCALE: "100", SOCKET_CONNECTIONS_PER_IP: "500" } });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const rowsWithId = (id: string) =>
    test.app.db.select().from(directMessages).where(eq(directMessages.id, id));
  const refusal = (code: string, message: string) => ({ ok: false, error: { code, message } });

  it("acks the stored message after commit and pushes it to the receiver's tabs and the sender's other tab", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const aliceOtherTab = await test.connect(asPerson(alice.person));
    const bobOtherTab = await test.connect(asPerson(bob.person));
    const pushes = [bob.socket, bobOtherTab, aliceOtherTab].map((socket) =>
      nextEvent(socket, "direct_message"),
    );
    const unread = nextEvent(bob.socket, "conversation_state");
    const ownEcho = recordEvents(alice.socket, "direct_message");
    const payload = text(bob.person.id, "  hello bob  ");
    const message = await sendOk(alice.socket, payload);
    expect(message).toMatchObject({
      id: payload.id,
      senderId: alice.person.id,
      receiverId: bob.person.id,
      content: "hello bob",
      type: "text",
      status: "sent",
      seq: 1,
      conversationId: [alice.person.id, bob.person.id].sort().join("-"),
    });
    // The ack came after the row was committed.
    expect(await rowsWithId(payload.id)).toHaveLength(1);
    for (const push of await Promise.all(pushes)) expect(push).toEqual(message);
    expect(await unread).toMatchObject({ partnerId: alice.person.id, unreadCount: 1, hidden: false });
    await delay(100);
    // The sending socket has the ack, not a second copy.
    expect(ownEcho.payloads).toHaveLength(0);
  });

  it("answers the same id twice with one stored row and the same message, pushed once", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const received = recordEvents(bob.socket, "direct_message");
    const payload = text(bob.person.id, "only once");
    const [first, second] = await Promise.all([sendOk(alice.socket, payload), sendOk(alice.socket, payload)]);
    const third = await sendOk(alice.socket, payload);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await rowsWithId(payload.id)).toHaveLength(1);
    await delay(200);
    expect(received.payloads.map((m) => m.id)).toEqual([payload.id]);
  });

  it("refuses an id another sender already used (conflict), revealing nothing of that message", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const mallory = await dmMember(test);
    const payload = text(bob.person.id, "alice's words");
    await sendOk(alice.socket, payload);
    const ack = await sendDm(mallory.socket, { ...payload, content: "mallory's words" });
    expect(ack).toEqual(refusal("conflict", DM_ERROR_MESSAGES.idConflict));
    expect((await rowsWithId(payload.id)).map((row) => row.content)).toEqual(["alice's words"]);
  });

  it("drops the same content from the same sender to the same receiver within 5 s", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    await sendOk(alice.socket, text(bob.person.id, "hey?"));
    const again = text(bob.person.id, "hey?");
    expect(await sendDm(alice.socket, again)).toEqual(refusal("conflict", DM_ERROR_MESSAGES.duplicate));
    expect(await rowsWithId(again.id)).toHaveLength(0);
    // Other content, or the same content from the other side, is a new message.
    await sendOk(alice.socket, text(bob.person.id, "hey!"));
    await sendOk(bob.socket, text(alice.person.id, "hey?"));
  });

  it("refuses a blocked pair both ways, stores nothing and pushes nothing", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    await test.app.db.insert(userBlocks).values({ blockerId: bob.person.id, blockedId: alice.person.id });
    const received = recordEvents(bob.socket, "direct_message");
    const toBob = text(bob.person.id, "let me in");
    expect(await sendDm(alice.socket, toBob)).toEqual(
      refusal("forbidden", DM_ERROR_MESSAGES.blockedByReceiver),
    );
    const toAlice = text(alice.person.id, "you are blocked");
    expect(await sendDm(bob.socket, toAlice)).toEqual(refusal("forbidden", DM_ERROR_MESSAGES.youBlocked));
    expect([...(await rowsWithId(toBob.id)), ...(await rowsWithId(toAlice.id))]).toHaveLength(0);
    // Typing does not cross a block either.
    const typing = recordEvents(bob.socket, "direct_message_typing");
    alice.socket.emit("direct_message_typing", { receiverId: bob.person.id, isTyping: true });
    await delay(300);
    expect(received.payloads).toHaveLength(0);
    expect(typing.payloads).toHaveLength(0);
  });

  it("refuses a deleted or unknown partner with the spec's exact texts, on send and on open", async () => {
    const alice = await dmMember(test);
    const gone = await createRegistered(test.app, uniqueName("gone"));
    const deleted = await requestAs(test.app, gone, "DELETE", "/api/users/me", {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await sendDm(alice.socket, text(gone.id, "hello?"))).toEqual(
      refusal("not_found", userDeletedMessage(gone.id)),
    );
    const unknownId = "NoSuchUser00000000000000";
    expect(await sendDm(alice.socket, text(unknownId, "hello?"))).toEqual(
      refusal("not_found", userNotFoundMessage(unknownId)),
    );
    for (const [id, message] of [
      [gone.id, userDeletedMessage(gone.id)],
      [unknownId, userNotFoundMessage(unknownId)],
    ] as const) {
      for (const url of [SOCIAL_PATHS.conversation(id), SOCIAL_PATHS.conversationMessages(id)]) {
        const response = await requestAs(test.app, alice.person, "GET", url);
        expect({ status: response.statusCode, body: response.json() }).toEqual({
          status: 404,
          body: { error: { code: "not_found", message } },
        });
      }
    }
  });

  it("refuses visitors, guests and unverified users as senders, guests as receivers, and yourself", async () => {
    const bob = await dmMember(test);
    const visitor = await test.connect();
    const guest = await createGuest(test.app, uniqueName("guest"));
    const guestSocket = await test.connect(asPerson(guest));
    const unverified = await createRegistered(test.app, uniqueName("unv"), { isVerified: false });
    const unverifiedSocket = await test.connect(asPerson(unverified));
    const registeredOnly = refusal("forbidden", DM_ERROR_MESSAGES.registeredOnly);
    const attempts = [];
    for (const socket of [visitor, guestSocket, unverifiedSocket]) {
      const attempt = text(bob.person.id, "hi");
      attempts.push(attempt);
      expect(await sendDm(socket, attempt)).toEqual(registeredOnly);
    }
    const toGuest = text(guest.id, "hi guest");
    expect(await sendDm(bob.socket, toGuest)).toEqual(refusal("forbidden", DM_ERROR_MESSAGES.guestPartner));
    expect(await sendDm(bob.socket, text(bob.person.id, "me"))).toEqual(
      refusal("bad_request", DM_ERROR_MESSAGES.cannotMessageSelf),
    );
    const ids = [...attempts.map((a) => a.id), toGuest.id];
    for (const id of ids) expect(await rowsWithId(id)).toHaveLength(0);
    // HTTP: a visitor is 401, a guest or an unverified user 403 with the same text.
    const visitorList = await test.app.inject({ method: "GET", url: SOCIAL_PATHS.conversations });
    expect(visitorList.statusCode).toBe(401);
    expect(visitorList.json()).toMatchObject({ error: { code: "unauthorized" } });
    for (const person of [guest, unverified]) {
      const response = await requestAs(test.app, person, "GET", SOCIAL_PATHS.conversations);
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 403,
        body: { error: { code: "forbidden", message: DM_ERROR_MESSAGES.registeredOnly } },
      });
    }
  });

  it("refuses a bad payload with bad_request and stores nothing", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    for (const payload of [
      { ...text(bob.person.id, "x"), id: "not-a-uuid" },
      text(bob.person.id, "   "),
      text(bob.person.id, "x".repeat(1_001)),
      { ...text(bob.person.id, "https://evil.example/a.png"), type: "image" },
      { ...text(bob.person.id, "x"), type: "system" },
      null,
    ]) {
      const ack = await sendDm(alice.socket, payload as object);
      expect(ack.ok).toBe(false);
      if (!ack.ok) expect(ack.error.code).toBe("bad_request");
    }
    const rows = await test.app.db
      .select()
      .from(directMessages)
      .where(eq(directMessages.senderId, alice.person.id));
    expect(rows).toHaveLength(0);
  });

  it("quotes the stored original of a reply from the same conversation only", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const carol = await dmMember(test);
    const original = await sendOk(bob.socket, text(alice.person.id, "the original"));
    const reply = await sendOk(alice.socket, text(bob.person.id, "my reply", { replyToId: original.id }));
    expect(reply.replyTo).toEqual({
      id: original.id,
      content: "the original",
      senderId: bob.person.id,
      timestamp: original.timestamp,
      type: "text",
    });
    // The history reads the same quote (joined in the page's statement), and nothing for a non-reply.
    const history = await requestAs(
      test.app,
      bob.person,
      "GET",
      `/api/conversations/${alice.person.id}/messages`,
    );
    const { messages } = history.json<{ messages: DirectMessage[] }>();
    expect(messages).toEqual([original, reply]);
    expect(messages[0]).not.toHaveProperty("replyTo");
    const foreign = text(carol.person.id, "quoting another chat", { replyToId: original.id });
    expect(await sendDm(alice.socket, foreign)).toEqual(
      refusal("bad_request", DM_ERROR_MESSAGES.replyNotFound),
    );
  });

  it("gives concurrent sends from both people distinct consecutive seqs", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const sends: Promise<DirectMessage>[] = [];
    for (let i = 0; i < 10; i++) {
      sends.push(sendOk(alice.socket, text(bob.person.id, `a${i}`)));
      sends.push(sendOk(bob.socket, text(alice.person.id, `b${i}`)));
    }
    const seqs = (await Promise.all(sends)).map((m) => m.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("forwards typing to every tab of the receiver", async () => {
    const alice = await dmMember(test);
    const bob = await dmMember(test);
    const bobOtherTab = await test.connect(asPerson(bob.person));
    const seen = [bob.socket, bobOtherTab].map((socket) => nextEvent(socket, "direct_message_typing"));
    alice.socket.emit("direct_message_typing", { receiverId: bob.person.id, isTyping: true });
    for (const payload of await Promise.all(seen))
      expect(payload).toEqual({ senderId: alice.person.id, isTyping: true });
  });
});

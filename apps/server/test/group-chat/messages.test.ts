import type {
  GroupHistoryPage,
  GroupImageUpload,
  GroupJoinData,
  GroupMessage,
  GroupMessageAck,
  GroupPeoplePage,
} from "@heartline/shared";
import { GROUP_CHAT_MESSAGES, GROUP_ERROR_MESSAGES, UPLOAD_SERVER_MESSAGES } from "@heartline/shared";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupMessages } from "../../src/db/schema";
import {
  asPerson,
  createGuest,
  createRegistered,
  emitWithAck,
  groupText,
  personHeaders,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

describe("group chat: the room and its messages", () => {
  let test: TestApp;
  let alice: TestPerson;
  let bob: TestPerson;
  let gina: TestPerson;
  let aliceSocket: TestClient;
  let bobSocket: TestClient;
  let ginaSocket: TestClient;

  beforeAll(async () => {
    test = await startTestApp();
    [alice, bob, gina] = [
      await createRegistered(test.app, "Alice_R", { gender: "female" }),
      await createRegistered(test.app, "Bob_R"),
      await createGuest(test.app, "Gina_Guest"),
    ];
    aliceSocket = await test.connect(asPerson(alice));
    bobSocket = await test.connect(asPerson(bob));
    ginaSocket = await test.connect(asPerson(gina));
    for (const socket of [aliceSocket, bobSocket, ginaSocket]) {
      const joined = await emitWithAck<GroupJoinData>(socket, "join_group", { username: "x", userId: "y" });
      expect(joined.ok).toBe(true);
    }
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const storedCount = async (id: string) =>
    (await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, id))).length;

  it("refuses visitors and unverified accounts, and lets guests and verified users in", async () => {
    const visitor = await test.connect();
    const refused = await emitWithAck(visitor, "join_group", { username: "Alice_R", userId: alice.id });
    expect(refused).toEqual({
      ok: false,
      error: { code: "unauthorized", message: GROUP_ERROR_MESSAGES.signInRequired },
    });

    const unverified = await createRegistered(test.app, "Una_Unverified", { isVerified: false });
    const unverifiedSocket = await test.connect(asPerson(unverified));
    const answer = await emitWithAck(unverifiedSocket, "join_group", {});
    expect(answer).toEqual({
      ok: false,
      error: { code: "forbidden", message: GROUP_CHAT_MESSAGES.verifyEmail },
    });
    expect(GROUP_CHAT_MESSAGES.verifyEmail).toBe("Please verify your email before joining the group chat.");
    const sent = await emitWithAck(unverifiedSocket, "group_message", groupText("let me in"));
    expect(sent.ok).toBe(false);
  });

  it("answers join_group with the online list (gender, picture, status) and no mute", async () => {
    const again = await emitWithAck<GroupJoinData>(aliceSocket, "join_group");
    if (!again.ok) throw new Error(again.error.message);
    const names = again.data.onlineUsers.map((person) => person.username);
    expect(names).toEqual(expect.arrayContaining(["Alice_R", "Bob_R", "Gina_Guest"]));
    const me = again.data.onlineUsers.find((person) => person.userId === alice.id);
    expect(me).toMatchObject({ gender: "female", status: "online", isGuest: false });
    expect(again.data.onlineUsers.find((person) => person.userId === gina.id)?.isGuest).toBe(true);
    expect(again.data.mute).toBeNull();
  });

  it("delivers a message with a reply to everyone, quoting the stored original, after it is committed", async () => {
    const original = groupText("hello room 👋");
    const atBob = nextEvent(bobSocket, "group_message", (message) => message.id === original.id);
    const first = await emitWithAck<GroupMessageAck>(aliceSocket, "group_message", original);
    if (!first.ok) throw new Error(first.error.message);
    // The ack comes only after the commit: the row is there when the sender hears back.
    expect(await storedCount(original.id)).toBe(1);
    expect((await atBob).senderUsername).toBe("Alice_R");

    const reply = groupText("hi Alice!", { replyTo: { id: original.id } });
    const atAlice = nextEvent(aliceSocket, "group_message", (message) => message.id === reply.id);
    const atGina = nextEvent(ginaSocket, "group_message", (message) => message.id === reply.id);
    const acked = await emitWithAck<GroupMessageAck>(bobSocket, "group_message", {
      ...reply,
      replyTo: { id: original.id, content: "forged words", senderId: "someone" },
    });
    if (!acked.ok) throw new Error(acked.error.message);
    expect(acked.data.seq).toBeGreaterThan(first.data.seq);
    for (const received of [await atAlice, await atGina]) {
      expect(received).toMatchObject({
        id: reply.id,
        content: "hi Alice!",
        senderId: bob.id,
        seq: acked.data.seq,
        replyTo: { id: original.id, content: "hello room 👋", senderId: alice.id, senderUsername: "Alice_R" },
      });
    }
    const [row] = await test.app.db.select().from(groupMessages).where(eq(groupMessages.id, reply.id));
    expect(row?.replyTo?.content).toBe("hello room 👋");
  });

  it("stores a retried id once, answers it with the stored row, and does not broadcast it again", async () => {
    const message = groupText("only once");
    const atBob = recordEvents(bobSocket, "group_message");
    const first = await emitWithAck<GroupMessageAck>(aliceSocket, "group_message", message);
    const retry = await emitWithAck<GroupMessageAck>(aliceSocket, "group_message", {
      ...message,
      content: "changed",
    });
    expect(retry).toEqual(first);
    // A marker sent after the retry arrives after anything the retry could have caused.
    const marker = groupText("marker");
    const markerSeen = nextEvent(bobSocket, "group_message", (received) => received.id === marker.id);
    await emitWithAck(aliceSocket, "group_message", marker);
    await markerSeen;
    atBob.stop();
    expect(atBob.payloads.filter((received) => received.id === message.id)).toHaveLength(1);
    expect(await storedCount(message.id)).toBe(1);

    const stolen = await emitWithAck(bobSocket, "group_message", message);
    expect(stolen).toMatchObject({ ok: false, error: { code: "conflict" } });
  });

  it("does not count retries against the rate limit (10 per 10 s), and refuses the 11th new message", async () => {
    const rita = await createGuest(test.app, "Rita_Retry");
    const ritaSocket = await test.connect(asPerson(rita));
    expect((await emitWithAck(ritaSocket, "join_group", {})).ok).toBe(true);
    const first = groupText("counted once");
    expect((await emitWithAck(ritaSocket, "group_message", first)).ok).toBe(true);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await emitWithAck(ritaSocket, "group_message", first)).ok, `retry ${attempt}`).toBe(true);
    }
    for (let index = 0; index < 9; index += 1) {
      const sent = await emitWithAck(ritaSocket, "group_message", groupText(`new ${index}`));
      expect(sent.ok, `new message ${index}`).toBe(true);
    }
    const eleventh = groupText("one too many");
    expect(await emitWithAck(ritaSocket, "group_message", eleventh)).toMatchObject({
      ok: false,
      error: { code: "rate_limited" },
    });
    expect(await storedCount(eleventh.id)).toBe(0);
  });

  it("pages history by seq (keyset) over HTTP, oldest first, without gaps or repeats", async () => {
    const values = Array.from({ length: 120 }, (_, index) => ({
      id: crypto.randomUUID(),
      senderId: alice.id,
      senderUsername: "Alice_R",
      content: `bulk ${index}`,
      type: "text" as const,
    }));
    await test.app.db.insert(groupMessages).values(values);
    const [{ total } = { total: 0 }] = (
      (await test.app.db.execute(
        sql`select count(*)::int as total from group_messages where deleted_at is null`,
      )) as unknown as {
        rows: { total: number }[];
      }
    ).rows;

    const seen: GroupMessage[] = [];
    let before: number | undefined;
    for (;;) {
      const response = await test.app.inject({
        method: "GET",
        url: `/api/group/messages?limit=50${before ? `&before=${before}` : ""}`,
        headers: personHeaders(gina),
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<GroupHistoryPage>();
      const seqs = page.messages.map((message) => message.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      seen.unshift(...page.messages);
      if (!page.hasMore) break;
      before = page.messages[0]?.seq;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((message) => message.id)).size).toBe(total);

    const visitor = await test.app.inject({ method: "GET", url: "/api/group/messages" });
    expect(visitor.statusCode).toBe(401);
    const bad = await test.app.inject({
      method: "GET",
      url: "/api/group/messages?before=-3&limit=5000",
      headers: personHeaders(gina),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("lets a registered user upload and post an image, and refuses images from a guest", async () => {
    const png = await sharp({ create: { width: 2400, height: 600, channels: 3, background: "#e11d48" } })
      .png()
      .toBuffer();
    const upload = async (person: TestPerson, data: Buffer, type = "image/png") => {
      const boundary = "----heartline-test";
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return test.app.inject({
        method: "POST",
        url: "/api/group/images",
        headers: { ...personHeaders(person), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const uploaded = await upload(alice, png);
    expect(uploaded.statusCode).toBe(201);
    const image = uploaded.json<GroupImageUpload>();
    expect(image.type).toBe("image");
    const served = await test.app.inject({ method: "GET", url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1200);

    const notAnImage = await upload(alice, Buffer.from("GIF89a? no, plain text"), "image/gif");
    // The magic bytes say GIF, the rest does not decode: the same answer as a profile picture's.
    expect(notAnImage.json()).toEqual({
      error: { code: "bad_request", message: UPLOAD_SERVER_MESSAGES.unreadable },
    });

    const posted = { id: crypto.randomUUID(), content: image.url, type: "image" as const };
    const atGina = nextEvent(ginaSocket, "group_message", (message) => message.id === posted.id);
    expect((await emitWithAck(aliceSocket, "group_message", posted)).ok).toBe(true);
    expect((await atGina).type).toBe("image");

    expect((await upload(gina, png)).statusCode).toBe(403);
    const guestImage = { id: crypto.randomUUID(), content: image.url, type: "image" as const };
    expect(await emitWithAck(ginaSocket, "group_message", guestImage)).toEqual({
      ok: false,
      error: { code: "forbidden", message: GROUP_ERROR_MESSAGES.imagesRegisteredOnly },
    });
    const foreignUrl = {
      id: crypto.randomUUID(),
      content: "https://evil.example/x.gif",
      type: "gif" as const,
    };
    expect(await emitWithAck(aliceSocket, "group_message", foreignUrl)).toMatchObject({
      ok: false,
      error: { code: "bad_request" },
    });
    expect(await storedCount(guestImage.id)).toBe(0);
    expect(await storedCount(foreignUrl.id)).toBe(0);
  });

  it("forwards a change of typing, not every keystroke's repeat of it", async () => {
    const heard = recordEvents(bobSocket, "group_typing");
    for (const isTyping of [true, true, true, false, false]) aliceSocket.emit("group_typing", { isTyping });
    // A marker sent after them arrives after anything they could have caused.
    const marker = groupText("typing marker");
    const markerSeen = nextEvent(bobSocket, "group_message", (received) => received.id === marker.id);
    await emitWithAck(aliceSocket, "group_message", marker);
    await markerSeen;
    heard.stop();
    expect(heard.payloads.filter((payload) => payload.userId === alice.id).map((p) => p.isTyping)).toEqual([
      true,
      false,
    ]);
  });

  it("shows typing to the others and moves a member to away and back", async () => {
    const typing = nextEvent(bobSocket, "group_typing", (payload) => payload.userId === gina.id);
    ginaSocket.emit("group_typing", { isTyping: true });
    expect(await typing).toEqual({ userId: gina.id, username: "Gina_Guest", isTyping: true });

    // Only the pages that show Bob hear of it: Alice's first page does (a small room).
    const page = await emitWithAck<GroupPeoplePage>(aliceSocket, "group_people_window", {
      offset: 0,
      limit: 50,
    });
    if (!page.ok) throw new Error(page.error.message);
    const everyone = page.data.counts.online;
    expect(page.data.counts.away).toBe(0);
    expect(page.data.users.map((person) => person.userId)).toEqual(
      expect.arrayContaining([alice.id, bob.id]),
    );
    const away = nextEvent(aliceSocket, "group_people", (delta) =>
      delta.upserts.some((person) => person.userId === bob.id && person.status === "away"),
    );
    bobSocket.emit("status:update", "away");
    expect((await away).counts).toEqual({ online: everyone - 1, away: 1 });
    const online = nextEvent(aliceSocket, "group_people", (delta) =>
      delta.upserts.some((person) => person.userId === bob.id && person.status === "online"),
    );
    bobSocket.emit("update_online_status", {
      username: "Bob_R",
      isOnline: true,
      isAway: false,
      lastActive: Date.now(),
    });
    expect((await online).counts).toEqual({ online: everyone, away: 0 });
  });

  it("takes a member off the online list when they leave, and puts them back when they return", async () => {
    const page = await emitWithAck<GroupPeoplePage>(aliceSocket, "group_people_window", {
      offset: 0,
      limit: 50,
    });
    if (!page.ok) throw new Error(page.error.message);
    const everyone = page.data.counts.online;
    const removed = nextEvent(aliceSocket, "group_people", (delta) => delta.removals.includes(gina.id));
    const left = await emitWithAck(ginaSocket, "leave_group");
    expect(left.ok).toBe(true);
    const gone = await removed;
    expect(gone.upserts.map((person) => person.userId)).not.toContain(gina.id);
    expect(gone.counts).toEqual({ online: everyone - 1, away: 0 });
    expect((await emitWithAck(ginaSocket, "group_message", groupText("still here?"))).ok).toBe(false);

    // Coming back is an upsert with what the list shows.
    const back = nextEvent(aliceSocket, "group_people", (delta) =>
      delta.upserts.some((p) => p.userId === gina.id),
    );
    const rejoined = await emitWithAck<GroupJoinData>(ginaSocket, "join_group");
    if (!rejoined.ok) throw new Error(rejoined.error.message);
    expect((await back).upserts.find((p) => p.userId === gina.id)).toEqual({
      userId: gina.id,
      username: "Gina_Guest",
      gender: "female",
      profileImage: null,
      status: "online",
      isGuest: true,
    });
    // The joiner's ack is the list as it is with them in it: counts and the first page, sorted.
    expect(rejoined.data.peopleCounts).toEqual({ online: everyone, away: 0 });
    expect(rejoined.data.onlineUsers).toEqual(page.data.users);
  });
});

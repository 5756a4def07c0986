import {
  CHAT_MESSAGE_EMPTY,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_RATE_LIMIT,
  CHAT_MESSAGE_TOO_LONG,
  CHAT_RATE_LIMITED,
} from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { delay, nextEvent, recordEvents } from "../helpers/socket-events";
import { aliasIn, messageId, randomChatSuite, send } from "./random-chat-clients";

describe("random chat: messages, replies and typing", () => {
  const suite = randomChatSuite();
  const { pair } = suite;

  it("acknowledges with {id, timestamp} and delivers to the partner only, once per id", async () => {
    const { a, b, roomId } = await pair();
    const other = await pair();
    const toB = recordEvents(b.client, "chat_message");
    const echoes = [a, other.a, other.b].map((visitor) => recordEvents(visitor.client, "chat_message"));
    const id = messageId();
    const before = Date.now();

    const ack = await send(a, "hello <b>stranger</b> https://example.com", id);
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.data.id).toBe(id);
    expect(ack.data.timestamp).toBeGreaterThanOrEqual(before);
    await expect.poll(() => toB.payloads).toHaveLength(1);
    // Sent as text, exactly as typed: nobody turns it into markup.
    expect(toB.payloads[0]).toEqual({
      id,
      content: "hello <b>stranger</b> https://example.com",
      senderId: aliasIn({ roomId }, a.userId),
      timestamp: ack.data.timestamp,
      type: "text",
    });

    // A retry of the same id (the ack was lost) gets the same ack and is not delivered again.
    expect(await send(a, "hello <b>stranger</b> https://example.com", id)).toEqual(ack);
    await delay(200);
    expect(toB.payloads).toHaveLength(1);
    expect(echoes.flatMap((recorder) => recorder.payloads)).toEqual([]);
  });

  it("delivers a reply with the quoted original", async () => {
    const { a, b, roomId } = await pair();
    const original = nextEvent(b.client, "chat_message");
    await send(a, "what's your favourite film?");
    const quoted = await original;
    const reply = nextEvent(a.client, "chat_message");
    const replyId = messageId();
    const ack = await b.client.timeout(3_000).emitWithAck("chat_message", {
      id: replyId,
      content: "Amélie, and yours?",
      type: "text",
      replyTo: quoted,
    });
    expect(ack.ok).toBe(true);
    expect(await reply).toMatchObject({
      id: replyId,
      content: "Amélie, and yours?",
      senderId: aliasIn({ roomId }, b.userId),
      // The quote of a's own message carries a's own id: nobody's alias is news to its owner.
      replyTo: { ...quoted, senderId: a.userId },
    });
  });

  it("quotes the original as the server recorded it, never as the replier claims it", async () => {
    const { a, b } = await pair();
    const original = nextEvent(b.client, "chat_message");
    await send(a, "I'm 25, from Lisbon");
    const quoted = await original;
    const replies = recordEvents(a.client, "chat_message");
    await b.client.timeout(3_000).emitWithAck("chat_message", {
      id: messageId(),
      content: "really?",
      type: "text",
      replyTo: { ...quoted, content: "I'm 15" },
    });
    await b.client.timeout(3_000).emitWithAck("chat_message", {
      id: messageId(),
      content: "and this?",
      type: "text",
      replyTo: { ...quoted, id: "never-sent-id" },
    });
    await expect.poll(() => replies.payloads).toHaveLength(2);
    expect(replies.payloads[0]?.replyTo).toEqual(
      quoted.replyTo ?? { ...quoted, senderId: a.userId, content: "I'm 25, from Lisbon" },
    );
    expect(replies.payloads[1]).not.toHaveProperty("replyTo");
  });

  it("relays typing to the partner only", async () => {
    const { a, b } = await pair();
    const other = await pair();
    const bystanders = [a, other.a, other.b].map((visitor) => recordEvents(visitor.client, "partner_typing"));
    const started = nextEvent(b.client, "partner_typing");
    a.client.emit("typing", { isTyping: true });
    expect(await started).toEqual({ isTyping: true });
    const stopped = nextEvent(b.client, "partner_typing");
    a.client.emit("typing", { isTyping: false });
    expect(await stopped).toEqual({ isTyping: false });
    await delay(100);
    expect(bystanders.flatMap((recorder) => recorder.payloads)).toEqual([]);
  });

  it("refuses an over-long or empty message with the exact text, delivering nothing", async () => {
    const { a, b } = await pair();
    const toB = recordEvents(b.client, "chat_message");
    expect(await send(a, "x".repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      error: { code: "bad_request", message: CHAT_MESSAGE_TOO_LONG },
    });
    expect(await send(a, "   ")).toEqual({
      ok: false,
      error: { code: "bad_request", message: CHAT_MESSAGE_EMPTY },
    });
    expect((await send(a, "y".repeat(CHAT_MESSAGE_MAX_LENGTH))).ok).toBe(true);
    await expect
      .poll(() => toB.payloads.map((message) => message.content.length))
      .toEqual([CHAT_MESSAGE_MAX_LENGTH]);
  });

  it(`refuses the message after ${CHAT_MESSAGE_RATE_LIMIT} in the window with rate_limited`, async () => {
    const { a, b } = await pair();
    const toB = recordEvents(b.client, "chat_message");
    const acks = [];
    for (let index = 0; index <= CHAT_MESSAGE_RATE_LIMIT; index += 1)
      acks.push(await send(a, `message ${index}`));
    expect(acks.slice(0, CHAT_MESSAGE_RATE_LIMIT).every((ack) => ack.ok)).toBe(true);
    expect(acks[CHAT_MESSAGE_RATE_LIMIT]).toEqual({
      ok: false,
      error: { code: "rate_limited", message: CHAT_RATE_LIMITED },
    });
    await delay(200);
    expect(toB.payloads).toHaveLength(CHAT_MESSAGE_RATE_LIMIT);
    // The limit is the sender's: the partner still writes.
    expect((await send(b, "slow down!")).ok).toBe(true);
  });

  it("refuses a message from someone who chats with nobody", async () => {
    const loner = await suite.visitor();
    expect(await send(loner, "anyone?")).toEqual({
      ok: false,
      error: { code: "conflict", message: "You are not connected to a partner." },
    });
  });

  it("stops delivering once the chat has ended", async () => {
    const { a, b } = await pair();
    const toB = recordEvents(b.client, "chat_message");
    const typingToB = recordEvents(b.client, "partner_typing");
    await a.client.timeout(3_000).emitWithAck("end_chat");
    expect((await send(a, "still there?")).ok).toBe(false);
    a.client.emit("typing", { isTyping: true });
    await delay(200);
    expect(toB.payloads).toEqual([]);
    expect(typingToB.payloads).toEqual([]);
  });
});

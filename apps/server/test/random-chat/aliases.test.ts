import { describe, expect, it } from "vitest";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { aliasIn, messageId, randomChatSuite, send } from "./random-chat-clients";

/** Every string anywhere in a payload. */
function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

describe("random chat: partners know each other only by per-pair aliases", () => {
  const suite = randomChatSuite();
  const { pair, visitor } = suite;

  it("never sends the partner's account id in matched, messages or replies", async () => {
    const a = await visitor();
    const b = await visitor();
    const matchedA = nextEvent(a.client, "matched");
    const matchedB = nextEvent(b.client, "matched");
    await a.client
      .timeout(3_000)
      .emitWithAck("join", { gender: "male", preference: "female", allowAI: false });
    await b.client
      .timeout(3_000)
      .emitWithAck("join", { gender: "female", preference: "male", allowAI: false });
    const [forA, forB] = [await matchedA, await matchedB];
    expect(stringsIn(forA)).not.toContain(b.userId);
    expect(stringsIn(forB)).not.toContain(a.userId);

    const toB = recordEvents(b.client, "chat_message");
    const toA = recordEvents(a.client, "chat_message");
    await send(a, "hi there");
    await expect.poll(() => toB.payloads).toHaveLength(1);
    const original = toB.payloads[0];
    // b replies quoting a, then a replies quoting b's reply.
    await b.client.timeout(3_000).emitWithAck("chat_message", {
      id: messageId(),
      content: "hello!",
      type: "text",
      replyTo: original,
    });
    await expect.poll(() => toA.payloads).toHaveLength(1);
    await a.client.timeout(3_000).emitWithAck("chat_message", {
      id: messageId(),
      content: "how are you?",
      type: "text",
      replyTo: toA.payloads[0],
    });
    await expect.poll(() => toB.payloads).toHaveLength(2);

    for (const payload of toB.payloads) expect(stringsIn(payload)).not.toContain(a.userId);
    for (const payload of toA.payloads) expect(stringsIn(payload)).not.toContain(b.userId);
    // The sender is the partner's alias from `matched`; a quote of the receiver's own message is its own id.
    expect(toB.payloads.map((message) => message.senderId)).toEqual([forB.partner.id, forB.partner.id]);
    expect(toB.payloads[1]?.replyTo?.senderId).toBe(b.userId);
    expect(toA.payloads[0]?.senderId).toBe(forA.partner.id);
    expect(toA.payloads[0]?.replyTo?.senderId).toBe(a.userId);
  });

  it("keeps an alias stable within a pair and different across pairs", async () => {
    const first = await pair();
    const toB = recordEvents(first.b.client, "chat_message");
    await send(first.a, "one");
    await send(first.a, "two");
    await expect.poll(() => toB.payloads).toHaveLength(2);
    const alias = aliasIn(first, first.a.userId);
    expect(toB.payloads.map((message) => message.senderId)).toEqual([alias, alias]);
    expect(alias).toMatch(/^p_[\w-]{22}$/);

    // The same person in another pair has another alias.
    await first.a.client.timeout(3_000).emitWithAck("end_chat");
    const other = await visitor();
    const matched = nextEvent(first.a.client, "matched");
    await first.a.client.timeout(3_000).emitWithAck("join", {
      gender: "male",
      preference: "female",
      allowAI: false,
    });
    const forOther = nextEvent(other.client, "matched");
    await other.client.timeout(3_000).emitWithAck("join", {
      gender: "female",
      preference: "male",
      allowAI: false,
    });
    const secondRoom = (await matched).roomId;
    expect(secondRoom).not.toBe(first.roomId);
    expect((await forOther).partner.id).toBe(aliasIn({ roomId: secondRoom }, first.a.userId));
    expect((await forOther).partner.id).not.toBe(alias);
  });
});

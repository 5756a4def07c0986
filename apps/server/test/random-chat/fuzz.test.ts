import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { delay, recordEvents } from "../helpers/socket-events";
import { roomyEventLimits } from "../realtime/event-limit-fixtures";
import {
  aliasIn,
  emitRaw,
  emitRawWithAck,
  joinAndMatch,
  MAN_SEEKING_WOMAN,
  randomChatSuite,
  WOMAN_SEEKING_MAN,
} from "./random-chat-clients";

/** Every random-chat event a client may send, with or without an acknowledgement. */
const ACKED_EVENTS = [
  "join",
  "chat_message",
  "end_chat",
  "next",
  "switch_to_person",
  "report_partner",
] as const;
const EVENTS = [...ACKED_EVENTS, "typing"] as const;
/** Refusals a client can provoke on purpose; anything else (`internal`) would be a server bug. */
const EXPECTED_REFUSALS = ["bad_request", "conflict", "not_found", "rate_limited"];
/** A message can also be refused by AutoMod (a random string may spell `t.co/…` or a listed word). */
const EXPECTED_MESSAGE_REFUSALS = [...EXPECTED_REFUSALS, "automod_blocked"];

/** Arbitrary JSON, plus near-misses of the real payloads that plain JSON rarely hits. */
const payloadArb = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      id: fc.oneof(
        fc.string(),
        fc.integer(),
        fc.constant("a".repeat(65)),
        fc.stringMatching(/^[\w-]{8,64}$/),
      ),
      content: fc.oneof(fc.string(), fc.jsonValue()),
      type: fc.constantFrom("text", "image", "html", 1),
      replyTo: fc.jsonValue(),
      gender: fc.constantFrom("male", "female", "other", "x", null),
      preference: fc.constantFrom("male", "any", "nobody"),
      interests: fc.jsonValue(),
      languages: fc.oneof(
        fc.jsonValue(),
        fc.array(fc.constantFrom("es", "pt-BR", "pt", "tlh", "", "x".repeat(10_000)), { maxLength: 5 }),
      ),
      allowAI: fc.jsonValue(),
      reason: fc.constantFrom("spam", "other", "bad"),
      details: fc.oneof(fc.string({ maxLength: 600 }), fc.jsonValue()),
      isTyping: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);

/**
 * Messages that are often valid, so the delivery check has deliveries to look at; ids come from a
 * small pool as often as not, so retries of an accepted id (acknowledged again, delivered once) occur.
 */
const messageArb = fc.oneof(
  payloadArb,
  fc.record({
    id: fc.oneof(fc.constantFrom("retry-id-1", "retry-id-2"), fc.stringMatching(/^[\w-]{8,64}$/)),
    content: fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== ""),
    type: fc.constant("text"),
  }),
  fc.record({
    id: fc.stringMatching(/^[\w-]{8,64}$/),
    content: fc.string({ minLength: 1, maxLength: 40 }),
    type: fc.constantFrom("text", "image"),
    replyTo: fc.option(fc.jsonValue(), { nil: undefined }),
  }),
);

describe("random chat: hostile payloads on every event", () => {
  // Fuzzing sends far faster than anyone types; the event limits have their own tests.
  const suite = randomChatSuite({ realtime: { eventLimits: roomyEventLimits() } });
  const { pair } = suite;

  it("answers bad_request (or an expected refusal) or ignores, and keeps serving", async () => {
    const fuzzer = await suite.visitor();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EVENTS),
        payloadArb,
        fc.boolean(),
        async (event, payload, withAck) => {
          if (event === "typing" || !withAck) {
            emitRaw(fuzzer.client, event, payload);
            return;
          }
          const ack = (await emitRawWithAck(fuzzer.client, event, payload)) as {
            ok: boolean;
            error?: { code: string; message: string };
          };
          if (ack.ok) return;
          expect(EXPECTED_REFUSALS).toContain(ack.error?.code);
          expect(ack.error?.message).toEqual(expect.any(String));
        },
      ),
      { numRuns: 300 },
    );

    expect(fuzzer.client.connected).toBe(true);
    expect((await fuzzer.client.timeout(2_000).emitWithAck("ping")).ok).toBe(true);
    // The line still works for everyone, the fuzzer included.
    const stranger = await suite.visitor();
    await fuzzer.client.timeout(3_000).emitWithAck("end_chat");
    const [matched] = await Promise.all([
      joinAndMatch(fuzzer, { ...MAN_SEEKING_WOMAN, interests: ["fuzz"] }),
      delay(50).then(() => joinAndMatch(stranger, WOMAN_SEEKING_MAN)),
    ]);
    expect(matched.partner.id).toBe(aliasIn(matched, stranger.userId));
  });

  it("delivers to the partner exactly the messages it acknowledged, whatever else arrives", async () => {
    const { a, b, roomId } = await pair();
    suite.track(a, b);
    const received = recordEvents(b.client, "chat_message");
    const typing = recordEvents(b.client, "partner_typing");
    const accepted: string[] = [];
    await fc.assert(
      fc.asyncProperty(messageArb, fc.boolean(), async (payload, isTyping) => {
        emitRaw(a.client, "typing", isTyping ? payload : { isTyping });
        const ack = (await emitRawWithAck(a.client, "chat_message", payload)) as {
          ok: boolean;
          data?: { id: string };
          error?: { code: string };
        };
        if (!ack.ok) {
          expect(EXPECTED_MESSAGE_REFUSALS, JSON.stringify(ack.error)).toContain(ack.error?.code);
          return;
        }
        expect(ack.data?.id).toBe((payload as { id: unknown }).id);
        // A retried id is acknowledged again but delivered once.
        if (ack.data && !accepted.includes(ack.data.id)) accepted.push(ack.data.id);
      }),
      { numRuns: 100 },
    );
    await delay(200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(received.payloads.map((message) => message.id)).toEqual(accepted);
    for (const message of received.payloads) {
      expect(message).toEqual({
        id: expect.any(String),
        content: expect.any(String),
        senderId: aliasIn({ roomId }, a.userId),
        timestamp: expect.any(Number),
        type: "text",
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    }
    for (const event of typing.payloads) expect(event).toEqual({ isTyping: expect.any(Boolean) });
  });
});

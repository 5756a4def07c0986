import { sendGroupMessageSchema } from "@heartline/shared";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asPerson,
  createRegistered,
  emitWithAck,
  groupText,
  type TestPerson,
} from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import { roomyEventLimits } from "../realtime/event-limit-fixtures";

/** Every group and moderation event a client may send. */
const ACKED_EVENTS = [
  "join_group",
  "leave_group",
  "group_message",
  "check_if_banned",
  "force_unban_user",
] as const;
const UNACKED_EVENTS = ["group_typing", "status:update", "update_online_status"] as const;

/** Arbitrary JSON plus near-misses of the real payloads. */
const payloadArb = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      id: fc.oneof(fc.string(), fc.integer(), fc.uuid(), fc.constant("00000000-0000-0000-0000-000000000000")),
      content: fc.oneof(
        fc.string({ maxLength: 1_200 }),
        fc.jsonValue(),
        fc.constant("/uploads/../../etc/passwd"),
      ),
      type: fc.constantFrom("text", "image", "gif", "system", "html", 1, null),
      replyTo: fc.oneof(fc.jsonValue(), fc.record({ id: fc.oneof(fc.uuid(), fc.string()) })),
      username: fc.oneof(fc.string(), fc.jsonValue()),
      userId: fc.oneof(fc.string(), fc.jsonValue()),
      isTyping: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);

/** Payloads of `group_message` that the schema refuses: nothing of them may be stored. */
const invalidMessageArb = payloadArb.filter((payload) => !sendGroupMessageSchema.safeParse(payload).success);

describe("group chat: hostile payloads on every group event", () => {
  let test: TestApp;
  let fuzzer: TestPerson;
  let listenerPerson: TestPerson;
  let socket: TestClient;
  let listener: TestClient;

  beforeAll(async () => {
    // Fuzzing sends far faster than anyone types; the event limits have their own tests.
    test = await startTestApp({ realtime: { eventLimits: roomyEventLimits() } });
    fuzzer = await createRegistered(test.app, "Fuzz_User");
    listenerPerson = await createRegistered(test.app, "Ear_User");
    socket = await test.connect(asPerson(fuzzer));
    listener = await test.connect(asPerson(listenerPerson));
    await emitWithAck(listener, "join_group");
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const storedMessages = async () =>
    (
      (await test.app.db.execute(sql`select count(*)::int as total from group_messages`)) as unknown as {
        rows: { total: number }[];
      }
    ).rows[0]?.total;
  const moderationRows = async () =>
    (
      (await test.app.db.execute(
        sql`select (select count(*) from banned_users) + (select count(*) from muted_users) as total`,
      )) as unknown as { rows: { total: number }[] }
    ).rows[0]?.total;

  it("never crashes: every acked event answers ok or an expected refusal, typing-like events are dropped", async () => {
    const moderationBefore = await moderationRows();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ACKED_EVENTS, ...UNACKED_EVENTS),
        payloadArb,
        async (event, payload) => {
          if ((UNACKED_EVENTS as readonly string[]).includes(event)) {
            (socket as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
            return;
          }
          const ack = await emitWithAck(socket, event, payload);
          if (ack.ok) return;
          expect(["bad_request", "forbidden", "conflict", "rate_limited", "unauthorized"]).toContain(
            ack.error.code,
          );
          expect(ack.error.message).toEqual(expect.any(String));
        },
      ),
      { numRuns: 200 },
    );
    expect(socket.connected).toBe(true);
    expect((await socket.timeout(2_000).emitWithAck("ping")).ok).toBe(true);
    expect(await moderationRows()).toBe(moderationBefore);
  });

  it("answers bad_request to every invalid group_message and stores nothing", async () => {
    expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
    const before = await storedMessages();
    const heard: string[] = [];
    listener.on("group_message", (message) => heard.push(message.id));
    await fc.assert(
      fc.asyncProperty(invalidMessageArb, async (payload) => {
        const ack = await emitWithAck(socket, "group_message", payload);
        expect(ack).toMatchObject({ ok: false, error: { code: "bad_request" } });
      }),
      { numRuns: 200 },
    );
    expect(await storedMessages()).toBe(before);
    // The room still works: a valid message arrives, and it is the only one the listener heard.
    const valid = groupText("still alive");
    const arrived = nextEvent(listener, "group_message", (message) => message.id === valid.id);
    // From someone else: the fuzzer may have spent its rate limit in the first property.
    const other = await test.connect(asPerson(await createRegistered(test.app, "Other_User")));
    expect((await emitWithAck(other, "join_group")).ok).toBe(true);
    expect((await emitWithAck(other, "group_message", valid)).ok).toBe(true);
    await arrived;
    listener.off("group_message");
    expect(heard).toEqual([valid.id]);
  });
});

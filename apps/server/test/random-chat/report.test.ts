import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reports } from "../../src/db/schema";
import { LINE_SWEEP_INTERVAL_MS } from "../../src/features/random-chat/ai-fallback";
import { delay, nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp } from "../helpers/test-app";
import {
  connectVisitor,
  join,
  MAN_SEEKING_WOMAN,
  matchedPair,
  send,
  type Visitor,
  WOMAN_SEEKING_MAN,
} from "./random-chat-clients";

/** Stands in for the 10 s rematch cooldown so the suite can wait past it. */
const COOLDOWN_MS = 200;
const NOBODY_TO_REPORT =
  "There is no partner to report. You can report a partner during the chat and for 10 minutes after it ends.";
/** The cooldown plus a line sweep, with margin: a pair that may meet again has met by then. */
const PAST_COOLDOWN_MS = COOLDOWN_MS + 2 * LINE_SWEEP_INTERVAL_MS + 300;

describe("random chat: reporting the partner", () => {
  let test: TestApp;
  const visitors: Visitor[] = [];
  const pair = async (choices?: Parameters<typeof matchedPair>[1]) => {
    const made = await matchedPair(test, choices);
    visitors.push(made.a, made.b);
    return made;
  };

  beforeAll(async () => {
    test = await startTestApp({ env: {}, randomChat: { rematchCooldownMs: COOLDOWN_MS } });
  });
  afterAll(async () => {
    await test.close();
  });
  afterEach(async () => {
    for (const { client } of visitors.splice(0)) client.disconnect();
    await expect.poll(() => test.app.io.of("/").sockets.size).toBe(0);
  });

  it("stores a report with the server's snapshot of the last messages", async () => {
    const { a, b } = await pair();
    const sent = [
      await send(a, "hi"),
      await send(b, "send me money <script>alert(1)</script>"),
      await send(a, "no"),
    ];
    const ack = await a.client.timeout(3_000).emitWithAck("report_partner", {
      reason: "scam",
      details: "  asked for money  ",
    });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.data.reportId).toMatch(/^[0-9a-f-]{36}$/);

    const rows = await test.app.db.select().from(reports).where(eq(reports.id, ack.data.reportId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      reporterId: a.userId,
      targetId: b.userId,
      context: "random-chat",
      reason: "scam",
      details: "asked for money",
      status: "open",
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.snapshot.map((message) => [message.senderId, message.content])).toEqual([
      [a.userId, "hi"],
      [b.userId, "send me money <script>alert(1)</script>"],
      [a.userId, "no"],
    ]);
    expect(row?.snapshot.map((message) => message.timestamp)).toEqual(
      sent.map((result) => (result.ok ? result.data.timestamp : -1)),
    );
  });

  it("keeps a reported pair apart for good, while others meet again after the cooldown", async () => {
    const reported = await pair({ a: MAN_SEEKING_WOMAN, b: WOMAN_SEEKING_MAN });
    // Choices the reported pair cannot accept, so the two pairs never mix.
    const controlChoices = { gender: "other", preference: "other" } as const;
    const control = await pair({ a: controlChoices, b: controlChoices });
    await reported.a.client.timeout(3_000).emitWithAck("report_partner", { reason: "harassment" });

    const reportedMatches = [reported.a, reported.b].map(({ client }) => recordEvents(client, "matched"));
    const controlMatches = [control.a, control.b].map(({ client }) => recordEvents(client, "matched"));
    // Both pairs part with Next on one side; the other side searches again with the same choices.
    for (const [{ a, b }, choices] of [
      [reported, WOMAN_SEEKING_MAN],
      [control, controlChoices],
    ] as const) {
      const left = nextEvent(b.client, "partner_left");
      await a.client.timeout(3_000).emitWithAck("next");
      await left;
      await join(b, choices);
    }
    await delay(PAST_COOLDOWN_MS);
    // The control pair proves the cooldown ran out and the line sweep pairs people again.
    expect(controlMatches.map((recorder) => recorder.payloads.length)).toEqual([1, 1]);
    expect(reportedMatches.map((recorder) => recorder.payloads)).toEqual([[], []]);
  });

  it("accepts a report just after the partner left", async () => {
    const { a, b } = await pair();
    await send(b, "bye, loser");
    const left = nextEvent(a.client, "partner_left");
    b.client.disconnect();
    await left;
    const ack = await a.client.timeout(3_000).emitWithAck("report_partner", { reason: "harassment" });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const [row] = await test.app.db.select().from(reports).where(eq(reports.id, ack.data.reportId));
    expect(row).toMatchObject({ targetId: b.userId, details: null });
    expect(row?.snapshot.map((message) => message.content)).toEqual(["bye, loser"]);
  });

  it("refuses a report with nobody to report or without a valid reason, storing nothing", async () => {
    const loner = await connectVisitor(test);
    visitors.push(loner);
    const before = await test.app.db.select().from(reports);
    expect(await loner.client.timeout(3_000).emitWithAck("report_partner", { reason: "spam" })).toEqual({
      ok: false,
      error: { code: "not_found", message: NOBODY_TO_REPORT },
    });
    const { a } = await pair();
    expect(await a.client.timeout(3_000).emitWithAck("report_partner", { reason: "ugly" } as never)).toEqual({
      ok: false,
      error: { code: "bad_request", message: "Please choose a reason" },
    });
    expect(await test.app.db.select().from(reports)).toHaveLength(before.length);
  });
});

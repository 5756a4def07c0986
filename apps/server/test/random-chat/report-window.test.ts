import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reports } from "../../src/db/schema";
import { delay, nextEvent } from "../helpers/socket-events";
import { MAN_SEEKING_WOMAN, randomChatSuite, send } from "./random-chat-clients";

/** Stands in for the 10-minute report window so the suite can see it close. */
const KEEP_MS = 400;
const NOBODY_TO_REPORT =
  "There is no partner to report. You can report a partner during the chat and for 10 minutes after it ends.";

describe("random chat: reporting the last partner after the chat ended (issue 14)", () => {
  const suite = randomChatSuite({ env: {}, randomChat: { endedPairKeepMs: KEEP_MS } });
  const pair = () => suite.pair();
  const db = () => suite.test.app.db;

  it("files a report of the partner who pressed Next, while the reporter searches again", async () => {
    const { a, b } = await pair();
    await send(b, "you are ugly");
    const left = nextEvent(a.client, "partner_left");
    expect(await b.client.timeout(3_000).emitWithAck("next")).toEqual({ ok: true });
    await left;
    // The reporter is back in the line (Next on their side too) and still reports the one who left.
    expect(
      await a.client.timeout(3_000).emitWithAck("join", { ...MAN_SEEKING_WOMAN, allowAI: false }),
    ).toEqual({ ok: true });
    const ack = await a.client.timeout(3_000).emitWithAck("report_partner", { reason: "harassment" });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const [row] = await db().select().from(reports).where(eq(reports.id, ack.data.reportId));
    expect(row).toMatchObject({ reporterId: a.userId, targetId: b.userId, context: "random-chat" });
    expect(row?.snapshot.map((message) => message.content)).toEqual(["you are ugly"]);
  });

  it("files a report after the reporter pressed End themselves", async () => {
    const { a, b } = await pair();
    await send(b, "creepy line");
    expect(await a.client.timeout(3_000).emitWithAck("end_chat", {})).toEqual({ ok: true });
    const ack = await a.client.timeout(3_000).emitWithAck("report_partner", { reason: "sexual-content" });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const [row] = await db().select().from(reports).where(eq(reports.id, ack.data.reportId));
    expect(row).toMatchObject({ targetId: b.userId, reason: "sexual-content" });
  });

  it("refuses once the window has closed, saying why, and stores nothing", async () => {
    const { a, b } = await pair();
    const left = nextEvent(a.client, "partner_left");
    b.client.disconnect();
    await left;
    await delay(KEEP_MS + 200);
    const before = await db().select().from(reports);
    expect(await a.client.timeout(3_000).emitWithAck("report_partner", { reason: "spam" })).toEqual({
      ok: false,
      error: { code: "not_found", message: NOBODY_TO_REPORT },
    });
    expect(await db().select().from(reports)).toHaveLength(before.length);
  });
});

import { randomUUID } from "node:crypto";
import { type GroupMessage, type GroupMessageAck, mutedMessage } from "@heartline/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupMessages, mutedUsers } from "../../src/db/schema";
import { asPerson, createGuest, emitWithAck, groupText, type TestPerson } from "../fixtures/group-fixtures";
import { nextEvent, recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

/**
 * Issue #16: the group send path awaits one thing before its broadcast, an insert batched per
 * event-loop turn, with bans and mutes answered from memory. The guarantees stay: the ack comes after
 * the commit, a retried id is stored, acked and delivered once, and a mute ends when its time is up.
 */
describe("group chat: batched inserts and bans and mutes from memory (issue #16)", () => {
  let test: TestApp;
  /** How far the app's clock runs ahead of the real one (mute ends). */
  let skewMs = 0;
  let people = 0;

  beforeAll(async () => {
    test = await startTestApp({ clock: () => Date.now() + skewMs });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const member = async (): Promise<{ person: TestPerson; socket: TestClient }> => {
    people += 1;
    const person = await createGuest(test.app, `Batch_${people}`);
    const socket = await test.connect(asPerson(person));
    expect((await emitWithAck(socket, "join_group", {})).ok).toBe(true);
    return { person, socket };
  };
  const storedIds = async (ids: string[]) =>
    (await test.app.db.select().from(groupMessages).where(inArray(groupMessages.id, ids))).map(
      (row) => row.id,
    );

  it("acks each of many concurrent sends after its commit and delivers each once, a retry in the same turn included", async () => {
    const senders = [await member(), await member(), await member()];
    const { socket: listener } = await member();
    const heard = recordEvents(listener, "group_message");
    const messages = senders.map(() => [groupText("batched one"), groupText("batched two")]);
    // The first sender's first message goes twice at once: the original and its retry, same id.
    const retried = messages[0]?.[0];
    if (!retried) throw new Error("no message");
    const acks = await Promise.all(
      senders.flatMap(({ socket }, index) => {
        const own = messages[index] ?? [];
        const sends = own.map(async (message) => {
          const ack = await emitWithAck<GroupMessageAck>(socket, "group_message", message);
          // Acknowledged: stored (committed) by then.
          expect(await storedIds([message.id])).toEqual([message.id]);
          return ack;
        });
        if (index === 0) sends.push(emitWithAck<GroupMessageAck>(socket, "group_message", retried));
        return sends;
      }),
    );
    for (const ack of acks) expect(ack.ok).toBe(true);
    const ids = messages.flat().map((message) => message.id);
    const [original, retry] = acks.filter((ack) => ack.ok && ack.data.id === retried.id);
    expect(retry).toEqual(original);

    // Everything reached the listener once, the retried id too, and the database holds each once.
    const marker = groupText("marker after the batch");
    const markerHeard = nextEvent(listener, "group_message", (message) => message.id === marker.id);
    expect((await emitWithAck(senders[1]?.socket ?? listener, "group_message", marker)).ok).toBe(true);
    await markerHeard;
    const received = heard.payloads.map((message: GroupMessage) => message.id);
    expect(received.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect((await storedIds(ids)).sort()).toEqual([...ids].sort());
  });

  it("answers a retry of a stored id with the stored message and delivers it once, on a later turn too", async () => {
    const { socket } = await member();
    const { socket: listener } = await member();
    const heard = recordEvents(listener, "group_message");
    const message = groupText("sent, then sent again");
    const first = await emitWithAck<GroupMessageAck>(socket, "group_message", message);
    const again = await emitWithAck<GroupMessageAck>(socket, "group_message", message);
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    const marker = groupText("marker after the retry");
    const markerHeard = nextEvent(listener, "group_message", (m) => m.id === marker.id);
    expect((await emitWithAck(socket, "group_message", marker)).ok).toBe(true);
    await markerHeard;
    expect(heard.payloads.filter((m: GroupMessage) => m.id === message.id)).toHaveLength(1);
  });

  it("keeps a mute's end with the mute it holds: refused while it lasts, accepted once the clock passes it", async () => {
    const { person, socket } = await member();
    // A short automatic mute (issue #15), 60 s long.
    const expiresAt = new Date(Date.now() + 60_000);
    await test.app.db.insert(mutedUsers).values({
      userId: person.id,
      username: person.username,
      mutedBy: "AutoMod",
      reason: "strikes",
      expiresAt,
    });
    try {
      // Read from the database (nothing held yet) and held in memory from now on, with its end.
      const muted = await emitWithAck(socket, "group_message", groupText(`during ${randomUUID()}`));
      expect(muted).toEqual({
        ok: false,
        error: { code: "forbidden", message: mutedMessage("strikes", expiresAt.getTime()) },
      });
      // A minute later by the app's clock: the mute held in memory is over.
      skewMs = 61_000;
      const free = groupText(`after ${randomUUID()}`);
      expect((await emitWithAck(socket, "group_message", free)).ok).toBe(true);
      expect(await storedIds([free.id])).toEqual([free.id]);
    } finally {
      skewMs = 0;
      await test.app.db.delete(mutedUsers).where(eq(mutedUsers.userId, person.id));
    }
  });
});

import { describe, expect, it } from "vitest";
import { catchUp } from "./catch-up";
import { dm, ME } from "./test-messages";
import { applyOlderPage, applyStatus, EMPTY_THREAD, lastSeq, mergeMessages } from "./thread-state";

describe("mergeMessages (dedupe by id)", () => {
  it("keeps one row when the ack and the push of the same message both arrive, in seq order", () => {
    const ack = dm({ seq: 3, senderId: ME, receiverId: "x" });
    const push = { ...ack };
    const merged = mergeMessages(mergeMessages([dm({ seq: 1 }), dm({ seq: 2 })], [ack]), [push]);
    expect(merged.map((message) => message.seq)).toEqual([1, 2, 3]);
  });

  it("a copy that arrives later with an older status does not move the ticks back", () => {
    const read = dm({ seq: 1, senderId: ME, status: "read" });
    const merged = mergeMessages([read], [{ ...read, status: "sent" }]);
    expect(merged[0]?.status).toBe("read");
    expect(mergeMessages([{ ...read, status: "sent" }], [read])[0]?.status).toBe("read");
  });

  it("an older page goes in front and tells whether more remain", () => {
    const thread = { messages: [dm({ seq: 51 }), dm({ seq: 52 })], hasOlder: true };
    const next = applyOlderPage(thread, { messages: [dm({ seq: 49 }), dm({ seq: 50 })], hasMore: false });
    expect(next.messages.map((message) => message.seq)).toEqual([49, 50, 51, 52]);
    expect(next.hasOlder).toBe(false);
    expect(lastSeq(next)).toBe(52);
    expect(lastSeq(EMPTY_THREAD)).toBe(0);
  });
});

describe("applyStatus (ticks)", () => {
  it("moves only my messages up to the seq forward, never back", () => {
    const thread = {
      hasOlder: false,
      messages: [
        dm({ seq: 1, senderId: ME, status: "read" }),
        dm({ seq: 2, senderId: ME }),
        dm({ seq: 3 }),
        dm({ seq: 4, senderId: ME }),
      ],
    };
    const delivered = applyStatus(thread, ME, 3, "delivered");
    expect(delivered.messages.map((message) => message.status)).toEqual([
      "read",
      "delivered",
      "sent",
      "sent",
    ]);
    const read = applyStatus(delivered, ME, 4, "read");
    expect(read.messages.map((message) => message.status)).toEqual(["read", "read", "sent", "read"]);
    expect(applyStatus(read, ME, 4, "delivered")).toBe(read);
  });
});

describe("catchUp after a reconnect", () => {
  it("fetches after the last seq page by page until hasMore is false, each page's last seq the next cursor", async () => {
    const asked: number[] = [];
    const pages = new Map([
      [10, { messages: [dm({ seq: 11 }), dm({ seq: 12 })], hasMore: true }],
      [12, { messages: [dm({ seq: 13 })], hasMore: true }],
      [13, { messages: [dm({ seq: 14 })], hasMore: false }],
    ]);
    const missed = await catchUp(async (after) => {
      asked.push(after);
      return pages.get(after) ?? { messages: [], hasMore: false };
    }, 10);
    expect(asked).toEqual([10, 12, 13]);
    expect(missed.map((message) => message.seq)).toEqual([11, 12, 13, 14]);
  });

  it("stops when nothing was missed, and when a page does not move forward", async () => {
    expect(await catchUp(async () => ({ messages: [], hasMore: false }), 5)).toEqual([]);
    let calls = 0;
    const missed = await catchUp(async () => {
      calls += 1;
      return { messages: [], hasMore: true };
    }, 5);
    expect(missed).toEqual([]);
    expect(calls).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { dm, ME, SAM } from "./test-messages";
import { buildThreadEntries } from "./thread-entries";

const ID = "11111111-1111-4111-8111-111111111111";
const pending = {
  id: ID,
  partnerId: SAM,
  content: "hello",
  type: "text" as const,
  createdAt: 5,
  status: "pending" as const,
};

describe("a thread's rows", () => {
  it("a pending send whose stored copy (ack or push) is in shows once, as the stored message", () => {
    const stored = dm({ seq: 4, id: ID, senderId: ME, receiverId: SAM, content: "hello" });
    const outbox = [pending];
    const before = buildThreadEntries([dm({ seq: 3 })], outbox, []);
    expect(before.map((entry) => entry.kind)).toEqual(["message", "pending"]);
    const after = buildThreadEntries([dm({ seq: 3 }), stored], outbox, []);
    expect(after.map((entry) => `${entry.kind}:${entry.key}`)).toEqual([
      `message:${dm({ seq: 3 }).id}`,
      `message:${ID}`,
    ]);
  });

  it("places local system lines by time among stored messages", () => {
    const line = {
      id: "system-1",
      partnerId: SAM,
      text: "You have blocked this user.",
      timestamp: dm({ seq: 1 }).timestamp + 500,
    };
    const entries = buildThreadEntries([dm({ seq: 1 }), dm({ seq: 2 })], [], [line]);
    expect(entries.map((entry) => entry.kind)).toEqual(["message", "system", "message"]);
  });
});

import { describe, expect, it } from "vitest";
import { GROUP_GAP_MS, isGroupedWithPrevious } from "./message-grouping";

const at = (senderId: string, timestamp: number, replyTo?: unknown) => ({ senderId, timestamp, replyTo });

describe("isGroupedWithPrevious (issue #14: name and avatar once per run)", () => {
  it("groups a message under the same sender's previous one", () => {
    expect(isGroupedWithPrevious(at("ana", 1_000), at("ana", 2_000))).toBe(true);
  });

  it("starts a new group for the first message, another sender, a reply or a long pause", () => {
    expect(isGroupedWithPrevious(undefined, at("ana", 1_000))).toBe(false);
    expect(isGroupedWithPrevious(at("bo", 1_000), at("ana", 2_000))).toBe(false);
    expect(isGroupedWithPrevious(at("ana", 1_000), at("ana", 2_000, { id: "m1" }))).toBe(false);
    expect(isGroupedWithPrevious(at("ana", 1_000), at("ana", 1_001 + GROUP_GAP_MS))).toBe(false);
  });
});

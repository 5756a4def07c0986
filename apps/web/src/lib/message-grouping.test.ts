import { describe, expect, it } from "vitest";
import { GROUP_GAP_MS, isGroupedWithPrevious, runClasses, runPositions } from "./message-grouping";

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

describe("runPositions (issue #14: one sender's run in a one-to-one thread)", () => {
  it("joins a run of one sender and breaks it at another sender, a reply, a pause or a non-message row", () => {
    const rows = [
      at("ana", 1_000),
      at("ana", 2_000),
      at("ana", 3_000),
      at("bo", 4_000),
      at("bo", 5_000, { id: "m1" }),
      undefined,
      at("bo", 6_000),
      at("bo", 7_000 + GROUP_GAP_MS),
    ];
    expect(runPositions(rows)).toEqual([
      { joinsPrevious: false, joinsNext: true },
      { joinsPrevious: true, joinsNext: true },
      { joinsPrevious: true, joinsNext: false },
      { joinsPrevious: false, joinsNext: false },
      { joinsPrevious: false, joinsNext: false },
      { joinsPrevious: false, joinsNext: false },
      { joinsPrevious: false, joinsNext: false },
      { joinsPrevious: false, joinsNext: false },
    ]);
  });

  it("flattens the sender's corner where two bubbles meet and tightens the gap inside a run", () => {
    expect(runClasses({ joinsPrevious: true, joinsNext: true }, true)).toEqual({
      row: "mb-0.5",
      bubble: "rounded-se-md",
    });
    expect(runClasses({ joinsPrevious: true, joinsNext: false }, false)).toEqual({
      row: "",
      bubble: "rounded-ss-md",
    });
    expect(runClasses({ joinsPrevious: false, joinsNext: false }, true)).toEqual({ row: "", bubble: "" });
  });
});

import { FALLBACK_ONLINE_COUNT } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { onlinePillCount } from "./online-pill-count";

describe("onlinePillCount (issue #14: never invent a number for a live server)", () => {
  it("shows the server's count as it is, however small", () => {
    expect(onlinePillCount({ lastKnown: 3, isUnreachable: false })).toBe(3);
    expect(onlinePillCount({ lastKnown: 1, isUnreachable: false })).toBe(1);
  });

  it("falls back to 500 for a count of zero (spec §1, issue #38: never '0 online')", () => {
    expect(onlinePillCount({ lastKnown: 0, isUnreachable: false })).toBe(FALLBACK_ONLINE_COUNT);
    expect(onlinePillCount({ lastKnown: -2, isUnreachable: false })).toBe(FALLBACK_ONLINE_COUNT);
  });

  it("shows spec §1's 500 only when the server cannot be reached or never answered", () => {
    expect(onlinePillCount({ lastKnown: 3, isUnreachable: true })).toBe(FALLBACK_ONLINE_COUNT);
    expect(onlinePillCount({ lastKnown: undefined, isUnreachable: false })).toBe(FALLBACK_ONLINE_COUNT);
  });
});

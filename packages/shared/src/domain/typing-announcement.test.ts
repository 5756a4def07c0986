import { describe, expect, it } from "vitest";
import { isTypingWorthAnnouncing } from "./typing-announcement";

describe("isTypingWorthAnnouncing", () => {
  const typingAt1000 = { isTyping: true, at: 1_000 };

  it("announces a change either way", () => {
    expect(isTypingWorthAnnouncing({ isTyping: false, at: 0 }, true, 1, 2_000)).toBe(true);
    expect(isTypingWorthAnnouncing(typingAt1000, false, 1_001, 2_000)).toBe(true);
  });

  it("drops keystrokes while typing until a refresh is due, then refreshes", () => {
    expect(isTypingWorthAnnouncing(typingAt1000, true, 2_999, 2_000)).toBe(false);
    expect(isTypingWorthAnnouncing(typingAt1000, true, 3_000, 2_000)).toBe(true);
  });

  it("never repeats 'stopped'", () => {
    expect(isTypingWorthAnnouncing({ isTyping: false, at: 0 }, false, 60_000, 2_000)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const NOW = Date.UTC(2026, 11, 8, 12, 0);
const MINUTE = 60_000;

describe("relativeTime (issue #39)", () => {
  it("keeps English's words", () => {
    expect(relativeTime(NOW - 10_000, NOW)).toBe("just now");
    expect(relativeTime(NOW - 5 * MINUTE, NOW)).toBe("5 minutes ago");
    expect(relativeTime(NOW - 24 * 60 * MINUTE, NOW)).toBe("yesterday");
  });

  it("speaks another language with Intl's own words", () => {
    expect(relativeTime(NOW - 10_000, NOW, "de")).toBe("jetzt");
    expect(relativeTime(NOW - 5 * MINUTE, NOW, "es")).toBe("hace 5 minutos");
    expect(relativeTime(NOW - 24 * 60 * MINUTE, NOW, "fr")).toBe("hier");
  });
});

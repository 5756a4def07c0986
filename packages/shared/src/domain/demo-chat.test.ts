import { describe, expect, it } from "vitest";
import {
  DEMO_CHAT_SCRIPT,
  DEMO_CHAT_USERS,
  DEMO_STATS,
  nextDemoDelayMs,
  nextDemoIndex,
  nextProgress,
} from "./demo-chat";

describe("demo chat script (spec §1 landing page)", () => {
  it("is a conversation between the two sample users only, taking turns", () => {
    expect(DEMO_CHAT_SCRIPT.length).toBeGreaterThanOrEqual(6);
    const senders = new Set(DEMO_CHAT_SCRIPT.map((line) => line.from));
    expect([...senders].sort()).toEqual(Object.keys(DEMO_CHAT_USERS).sort());
    DEMO_CHAT_SCRIPT.forEach((line, i) => {
      expect(line.text.length).toBeGreaterThan(0);
      if (i > 0) expect(line.from).not.toBe(DEMO_CHAT_SCRIPT[i - 1]?.from);
    });
    expect(new Set(DEMO_CHAT_SCRIPT.map((line) => line.id)).size).toBe(DEMO_CHAT_SCRIPT.length);
  });

  it("shows the static landing figures", () => {
    expect(DEMO_STATS).toEqual({ online: 2345, successRate: "99%", availability: "24/7" });
  });
});

describe("demo timing (spec §9)", () => {
  it("advances after 1000–2000 ms", () => {
    expect(nextDemoDelayMs(() => 0)).toBe(1000);
    expect(nextDemoDelayMs(() => 0.5)).toBe(1500);
    expect(nextDemoDelayMs(() => 0.99999)).toBe(2000);
  });

  it("loops back to the first line after the last", () => {
    expect(nextDemoIndex(0)).toBe(1);
    expect(nextDemoIndex(DEMO_CHAT_SCRIPT.length - 1)).toBe(0);
    expect(nextDemoIndex(-5, 3)).toBe(0);
    expect(nextDemoIndex(2, 0)).toBe(0);
  });

  it("progress steps by 10 and stops at 100", () => {
    const seen = [0];
    for (let i = 0; i < 12; i++) seen.push(nextProgress(seen[seen.length - 1] ?? 0));
    expect(seen).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 100]);
    expect(nextProgress(95)).toBe(100);
    expect(nextProgress(-1)).toBe(0);
    expect(nextProgress(Number.NaN)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { meetsMemoryBar, perConnection, reconnectDelayMs } from "./b4-memory.mjs";

const reading = (heapMB, rssMB) => ({
  heapUsed: heapMB * 1_024 * 1_024,
  rss: rssMB * 1_024 * 1_024,
  external: 0,
  arrayBuffers: 0,
});

describe("perConnection", () => {
  it("divides the growth between two readings by the connections opened, in KB", () => {
    const figures = perConnection(reading(20, 100), reading(120, 400), 10_240);
    expect(figures.heapKB).toBe(10);
    expect(figures.rssKB).toBe(30);
    expect(figures.heapAfterMB).toBe(120);
  });

  it("gives no figure for no connections", () => {
    expect(perConnection(reading(1, 1), reading(2, 2), 0).heapKB).toBeNaN();
  });
});

describe("meetsMemoryBar", () => {
  it("needs both heap ≤ 12 KB and RSS ≤ 50 KB", () => {
    expect(meetsMemoryBar({ heapKB: 12, rssKB: 50 })).toBe(true);
    expect(meetsMemoryBar({ heapKB: 12.1, rssKB: 20 })).toBe(false);
    expect(meetsMemoryBar({ heapKB: 5, rssKB: 50.5 })).toBe(false);
  });
});

describe("reconnectDelayMs", () => {
  it("spreads the first attempt over 0.5–1.5 s as socket.io-client does", () => {
    // random 0.1: floor(1) is odd → plus 10 % of 0.5 × 1,000; random 0.25: floor(2) even → minus.
    expect(reconnectDelayMs(0, 0.1)).toBe(1_050);
    expect(reconnectDelayMs(0, 0.25)).toBe(875);
    expect(reconnectDelayMs(0, 0)).toBe(1_000);
  });

  it("doubles per attempt up to the 5 s cap", () => {
    expect(reconnectDelayMs(1, 0)).toBe(2_000);
    expect(reconnectDelayMs(5, 0.99)).toBe(5_000);
  });
});

import { describe, expect, it } from "vitest";
import { MemoryConnectionSlots, SLOT_TTL_MS } from "./connection-cap";

describe("MemoryConnectionSlots", () => {
  it("refuses a slot past the cap and gives one back on release", async () => {
    const slots = new MemoryConnectionSlots();
    expect(await slots.acquire("10.0.0.1", "a", 2, 0)).toBe(true);
    expect(await slots.acquire("10.0.0.1", "b", 2, 0)).toBe(true);
    expect(await slots.acquire("10.0.0.1", "c", 2, 0)).toBe(false);
    // Another address has its own slots.
    expect(await slots.acquire("10.0.0.2", "d", 2, 0)).toBe(true);
    await slots.release("10.0.0.1", "a");
    expect(await slots.acquire("10.0.0.1", "c", 2, 0)).toBe(true);
  });

  it("frees a slot that was never released once it expires, and keeps the renewed ones", async () => {
    const slots = new MemoryConnectionSlots();
    await slots.acquire("10.0.0.1", "leaked", 2, 0);
    await slots.acquire("10.0.0.1", "live", 2, 0);
    await slots.renew(new Map([["live", "10.0.0.1"]]), SLOT_TTL_MS - 1);
    expect(await slots.acquire("10.0.0.1", "early", 2, SLOT_TTL_MS - 1)).toBe(false);
    expect(await slots.acquire("10.0.0.1", "late", 2, SLOT_TTL_MS)).toBe(true);
    // "live" still holds its slot: the cap is full again.
    expect(await slots.acquire("10.0.0.1", "more", 2, SLOT_TTL_MS)).toBe(false);
  });
});

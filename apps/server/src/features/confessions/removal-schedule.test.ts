import { describe, expect, it } from "vitest";
import {
  drawRemovalOffsets,
  REMOVAL_PUSH_GAP_MS,
  REMOVAL_PUSH_WINDOW_MS,
  removalSchedule,
} from "./removal-schedule";

const inDueOrder = (offsets: number[]) => [...offsets].sort((a, b) => a - b);
const gapsOf = (offsets: number[]) => {
  const sorted = inDueOrder(offsets);
  return sorted.slice(1).map((at, index) => at - (sorted[index] as number));
};

describe("drawRemovalOffsets (ADR 0014)", () => {
  it("gives each item its own moment after the gap, one account's items at least the gap apart", () => {
    const offsets = drawRemovalOffsets(40, { windowMs: 10_000, gapMs: 100 });
    expect(offsets).toHaveLength(40);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(100);
    expect(Math.min(...gapsOf(offsets))).toBeGreaterThanOrEqual(100);
    // Spread over the window (plus what the gaps push on), not bunched after the deletion.
    expect(Math.max(...offsets)).toBeLessThan(100 + 10_000 + 40 * 100);
    expect(Math.max(...offsets)).toBeGreaterThan(100 + 10_000 / 2);
  });

  it("keeps nothing of the items' order, even when every draw is the same", () => {
    for (const windowMs of [10_000, 0]) {
      const orders = new Set(
        Array.from({ length: 20 }, () => {
          const offsets = drawRemovalOffsets(8, { windowMs, gapMs: 10 });
          return JSON.stringify(
            offsets.map((_, index) => index).sort((a, b) => (offsets[a] as number) - (offsets[b] as number)),
          );
        }),
      );
      expect(orders.size, `window ${windowMs}`).toBeGreaterThan(1);
    }
  });

  it("draws nothing for nothing, and keeps ADR 0014's defaults", () => {
    expect(drawRemovalOffsets(0, { windowMs: 1_000, gapMs: 10 })).toEqual([]);
    expect(removalSchedule()).toEqual({
      windowMs: REMOVAL_PUSH_WINDOW_MS,
      gapMs: REMOVAL_PUSH_GAP_MS,
      sweepEveryMs: 5_000,
    });
    expect([REMOVAL_PUSH_WINDOW_MS, REMOVAL_PUSH_GAP_MS]).toEqual([10 * 60_000, 500]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clampRealUserCount,
  clampSimulatedCount,
  displayedOnlineCount,
  initialSimulatedCount,
  nextSimulatedCount,
  nextSimulatedDelayMs,
} from "./online-count";

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const constant = (value: number) => () => value;

describe("displayedOnlineCount (spec §1 header fallback)", () => {
  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])("%s → 500", (value) => {
    expect(displayedOnlineCount(value)).toBe(500);
  });

  it("shows a positive live count as it is", () => {
    expect(displayedOnlineCount(37)).toBe(37);
    expect(displayedOnlineCount(1)).toBe(1);
  });
});

describe("clampRealUserCount (spec §5 floor 0)", () => {
  it("floors at 0 and to whole people", () => {
    expect(clampRealUserCount(-5)).toBe(0);
    expect(clampRealUserCount(Number.NaN)).toBe(0);
    expect(clampRealUserCount(12.7)).toBe(12);
    expect(clampRealUserCount(42)).toBe(42);
  });
});

describe("simulated online count (spec §9)", () => {
  it("starts at the range ends for the extreme random values", () => {
    expect(initialSimulatedCount(constant(0))).toBe(500);
    expect(initialSimulatedCount(constant(0.999999))).toBe(700);
  });

  it("drifts by −20 and +20 at the extremes and clamps at the range", () => {
    expect(nextSimulatedCount(600, constant(0))).toBe(580);
    expect(nextSimulatedCount(600, constant(0.999999))).toBe(620);
    expect(nextSimulatedCount(510, constant(0))).toBe(500);
    expect(nextSimulatedCount(695, constant(0.999999))).toBe(700);
  });

  it("waits 5000 ms to 15000 ms between drifts", () => {
    expect(nextSimulatedDelayMs(constant(0))).toBe(5000);
    expect(nextSimulatedDelayMs(constant(0.999999))).toBe(15000);
  });

  it("clamps out-of-range or non-numeric counts into 500–700", () => {
    expect(clampSimulatedCount(12)).toBe(500);
    expect(clampSimulatedCount(9000)).toBe(700);
    expect(clampSimulatedCount(Number.NaN)).toBe(500);
  });

  it("stays an integer in 500–700 for any random sequence", () => {
    fc.assert(
      fc.property(unit, fc.array(unit, { maxLength: 200 }), (start, steps) => {
        let count = initialSimulatedCount(constant(start));
        expect(Number.isInteger(count) && count >= 500 && count <= 700).toBe(true);
        for (const r of steps) {
          const next = nextSimulatedCount(count, constant(r));
          expect(Number.isInteger(next) && next >= 500 && next <= 700).toBe(true);
          expect(Math.abs(next - count)).toBeLessThanOrEqual(20);
          count = next;
        }
      }),
    );
  });

  it("stays in range even from any starting number and a misbehaving random source", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (current, r) => {
        const next = nextSimulatedCount(current, constant(r));
        expect(next >= 500 && next <= 700).toBe(true);
        const delay = nextSimulatedDelayMs(constant(r));
        expect(Number.isInteger(delay) && delay >= 5000 && delay <= 15000).toBe(true);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomIntInclusive } from "./random";

describe("randomIntInclusive", () => {
  it("maps [0, 1) onto min…max with both ends reachable", () => {
    expect(randomIntInclusive(1, 6, () => 0)).toBe(1);
    expect(randomIntInclusive(1, 6, () => 0.9999)).toBe(6);
  });

  it("stays in range for any value the source returns", () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (r, min, span) => {
        const value = randomIntInclusive(min, min + span, () => r);
        expect(Number.isInteger(value) && value >= min && value <= min + span).toBe(true);
      }),
    );
  });
});

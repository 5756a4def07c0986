import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count";

describe("formatCount", () => {
  it("groups thousands as en-US does", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(500)).toBe("500");
    expect(formatCount(1_000)).toBe("1,000");
    expect(formatCount(12_345)).toBe("12,345");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(-4_200)).toBe("-4,200");
  });

  it("agrees with toLocaleString('en-US') on every integer", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
      }),
    );
  });
});

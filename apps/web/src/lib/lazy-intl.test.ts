import { describe, expect, it } from "vitest";
import { lazyDateTimeFormat, lazyRelativeTimeFormat } from "./lazy-intl";

describe("lazy Intl formatters", () => {
  it("make their formatter at the first format, not before", () => {
    // Intl refuses an unknown time zone when the formatter is made: here, only once something is formatted.
    const broken = lazyDateTimeFormat("en-US", { timeZone: "Nowhere/At_All" });
    expect(() => broken.format(0)).toThrow(RangeError);
  });

  it("format as Intl does", () => {
    const time = lazyDateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    const at = Date.UTC(2026, 11, 3, 13, 5);
    expect(time.format(at)).toBe("1:05 PM");
    expect(time.format(at + 60_000)).toBe("1:06 PM");
    const relative = lazyRelativeTimeFormat("en", { numeric: "auto" });
    expect(relative.format(-1, "day")).toBe("yesterday");
    expect(relative.format(-5, "minute")).toBe("5 minutes ago");
  });
});

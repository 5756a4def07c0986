import { describe, expect, it } from "vitest";
import { dayLabel, withDaySeparators } from "./day-separators";

const NOW = new Date(2026, 10, 23, 15, 0).getTime();
const at = (month: number, day: number, hour = 12, year = 2026) => new Date(year, month, day, hour).getTime();

describe("day separators", () => {
  it("labels today, yesterday, a date this year and a date of another year", () => {
    expect(dayLabel(at(10, 23, 0), NOW)).toBe("Today");
    expect(dayLabel(at(10, 22, 23), NOW)).toBe("Yesterday");
    expect(dayLabel(at(10, 16), NOW)).toBe("Monday, November 16");
    expect(dayLabel(at(11, 31, 12, 2025), NOW)).toBe("December 31, 2025");
  });

  it("puts one separator before the first message of each day", () => {
    const entries = [
      { id: "a", timestamp: at(10, 21, 9) },
      { id: "b", timestamp: at(10, 22, 8) },
      { id: "c", timestamp: at(10, 22, 22) },
      { id: "d", timestamp: at(10, 23, 1) },
    ];
    const items = withDaySeparators(entries, (entry) => entry.id, NOW);
    expect(items.map((item) => (item.kind === "day" ? `[${item.label}]` : item.entry.id))).toEqual([
      "[Saturday, November 21]",
      "a",
      "[Yesterday]",
      "b",
      "c",
      "[Today]",
      "d",
    ]);
  });
});

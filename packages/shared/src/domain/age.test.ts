import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageOn, calendarDateOf, isAtLeastAge, parseIsoDate } from "./age";

describe("parseIsoDate", () => {
  it("reads YYYY-MM-DD and ISO date-times", () => {
    expect(parseIsoDate("2000-02-29")).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate(" 1999-12-31 ")).toEqual({ year: 1999, month: 12, day: 31 });
    expect(parseIsoDate("1999-12-31T22:10:00.000Z")).toEqual({ year: 1999, month: 12, day: 31 });
    expect(parseIsoDate("1999-12-31T22:10:00+02:00")).toEqual({ year: 1999, month: 12, day: 31 });
  });

  it("rejects impossible or foreign formats", () => {
    for (const value of [
      "",
      "1999-01-00",
      "1999-00-10",
      "1999-13-10",
      "1999-04-31",
      "2001-02-29",
      "1999-4-3",
      "31/12/1999",
    ]) {
      expect(parseIsoDate(value)).toBeNull();
    }
  });
});

describe("ageOn", () => {
  const birth = { year: 2000, month: 6, day: 15 };
  it("rises on the birthday itself", () => {
    expect(ageOn(birth, { year: 2018, month: 6, day: 14 })).toBe(17);
    expect(ageOn(birth, { year: 2018, month: 6, day: 15 })).toBe(18);
    expect(ageOn(birth, { year: 2018, month: 5, day: 30 })).toBe(17);
    expect(ageOn(birth, { year: 2018, month: 7, day: 1 })).toBe(18);
  });

  it("never decreases as the day advances", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1950, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (day) => {
          const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
          const born = { year: 1980, month: 2, day: 29 };
          expect(ageOn(born, calendarDateOf(next))).toBeGreaterThanOrEqual(ageOn(born, calendarDateOf(day)));
        },
      ),
    );
  });
});

describe("isAtLeastAge (spec §5 minimum age 18)", () => {
  it("is true on the 18th birthday and false the day before", () => {
    expect(isAtLeastAge("2007-03-10", 18, new Date(2025, 2, 10))).toBe(true);
    expect(isAtLeastAge("2007-03-10", 18, new Date(2025, 2, 9, 23, 59))).toBe(false);
  });

  it("is false for a date it cannot read", () => {
    expect(isAtLeastAge("not a date", 18, new Date(2025, 0, 1))).toBe(false);
  });

  it("uses the real clock by default", () => {
    expect(isAtLeastAge("1970-01-01", 18)).toBe(true);
  });
});

/** A calendar date without a time zone. month is 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads an ISO date (`YYYY-MM-DD`, optionally followed by a time as a guest's dob is stored, spec §3)
 * as a calendar date. Returns null for anything else, including impossible dates like 2001-02-29.
 */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** The calendar date of an instant in the runtime's local time zone (the user's, in a browser). */
export function calendarDateOf(instant: Date): CalendarDate {
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
}

/**
 * Whole years from `birth` to `today`. The age rises on the birthday itself; a 29 February birthday
 * rises on 1 March in common years (because 28 February still comes before 29 February).
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

/** spec §5 Age check: true when the ISO date of birth is at least `years` old on `now`'s date. */
export function isAtLeastAge(dob: string, years: number, now: Date = new Date()): boolean {
  const birth = parseIsoDate(dob);
  return birth !== null && ageOn(birth, calendarDateOf(now)) >= years;
}

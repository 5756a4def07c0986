import { STREAK_MESSAGE_WINDOW_MS } from "../constants";
import { type StreakBadge, streakBadgeFor } from "./streak-badge";

/** A streak between two friends (ARCHITECTURE §4: one row per unordered pair). */
export interface StreakState {
  count: number;
  /** ms since the epoch of the last message either friend sent. */
  lastMessageAt: number;
  /** 'YYYY-MM-DD' (in the streak time zone) of the last time the count was set to 1 or raised; null before. */
  lastStreakDay: string | null;
  active: boolean;
}

export type StreakStatus = "active" | "breaking" | "broken";

export const STREAK_DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** True when `timeZone` is an IANA name Intl knows (or "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar day 'YYYY-MM-DD' of `ms` in `timeZone` (ARCHITECTURE §9.6: UTC unless
 * `STREAK_TIME_ZONE` is set). A named zone goes through Intl, so DST days of 23 or 25 hours are right.
 */
export function calendarDay(ms: number, timeZone: string = STREAK_DEFAULT_TIME_ZONE): string {
  if (timeZone === "UTC") return new Date(ms).toISOString().slice(0, 10);
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whole calendar days from day `from` to day `to` ('YYYY-MM-DD'); positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * spec §4 "Status shown": no streak document or inactive is broken; last streak date same day is
 * active; one day ago is breaking; more than 1 day ago is broken. Computed on read: a streak whose
 * day has passed reads broken with no write (a sweep marking it inactive is never needed).
 */
export function streakStatus(
  state: StreakState | null,
  nowMs: number,
  timeZone = STREAK_DEFAULT_TIME_ZONE,
): StreakStatus {
  if (!state?.active || state.count <= 0 || !state.lastStreakDay) return "broken";
  const days = daysBetween(state.lastStreakDay, calendarDay(nowMs, timeZone));
  if (days <= 0) return "active";
  if (days === 1) return "breaking";
  return "broken";
}

/** The first instant (ms) of the calendar day after `ms`'s day in `timeZone` (DST-correct). */
export function startOfNextDay(ms: number, timeZone: string = STREAK_DEFAULT_TIME_ZONE): number {
  const day = calendarDay(ms, timeZone);
  if (timeZone === "UTC") return Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  // Zone offsets are whole minutes: step an hour at a time past the day's end, then search the minute.
  let low = ms;
  let high = ms + 3_600_000;
  while (calendarDay(high, timeZone) === day) {
    low = high;
    high += 3_600_000;
  }
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 120_000) * 60_000;
    if (calendarDay(middle, timeZone) === day) low = middle;
    else high = middle;
  }
  return high - (high % 60_000);
}

/**
 * When a streak reads broken unless someone sends a message first: the end of the calendar day after
 * its last streak day (spec §4: one day ago is breaking, more is broken). Null when already broken.
 */
export function streakBreaksAt(
  state: StreakState | null,
  nowMs: number,
  timeZone = STREAK_DEFAULT_TIME_ZONE,
): number | null {
  const status = streakStatus(state, nowMs, timeZone);
  if (status === "broken") return null;
  const endOfToday = startOfNextDay(nowMs, timeZone);
  return status === "breaking" ? endOfToday : startOfNextDay(endOfToday, timeZone);
}

/** The badge for a streak's count (the highest threshold reached, spec §9), or null below 3. */
export function streakBadge(state: StreakState | null): StreakBadge | null {
  return state ? streakBadgeFor(state.count) : null;
}

/**
 * spec §4 "Update on a message", read clause by clause in the order written:
 *
 *  "inactive" means not active AS OF THIS MESSAGE: the stored flag is false, or the status computed
 *  at the message's time is broken (last streak day two or more calendar days ago) — so the answer never
 *  depends on a sweep having run. "within 24 h" means `messageAt - lastMessageAt <= 24 h`; with no
 *  previous document there is no last message, so the first message is not "within 24 h".
 *
 *  1. If more than 24 h since the last message and inactive: count := 0 (and inactive). This clause
 *     only resets; evaluation continues with the next clauses on the reset count (none of which can
 *     then apply, since they need "within 24 h" or "active"), so the message only stamps the time.
 *  2. Else-if count is 0 and the message is within 24 h: count := 1, active, last streak day := today.
 *  3. Else-if inactive and the message is within 24 h: count := 1, active, last streak day := today.
 *  4. Else-if active and today is a later calendar day than the last streak day: count += 1,
 *     last streak day := today ("the count increases once per calendar day").
 *  5. Otherwise only the timestamp (last message at) changes.
 *
 *  A first message creates the document at count 0, inactive (clause 5 on an empty document); the next
 *  message from either friend within 24 h makes it 1 (clause 2). A message that breaks nothing keeps
 *  `active` as computed for this instant (a broken streak is stored inactive from then on). The last
 *  message time never moves backwards (two sends committing out of clock order on two nodes).
 */
export function applyStreakMessage(
  previous: StreakState | null,
  messageAtMs: number,
  timeZone = STREAK_DEFAULT_TIME_ZONE,
): StreakState {
  const today = calendarDay(messageAtMs, timeZone);
  if (!previous) return { count: 0, lastMessageAt: messageAtMs, lastStreakDay: null, active: false };
  const active = streakStatus(previous, messageAtMs, timeZone) !== "broken";
  const within24h = messageAtMs - previous.lastMessageAt <= STREAK_MESSAGE_WINDOW_MS;
  let count = previous.count;
  if (!within24h && !active) count = 0;
  if (count === 0 && within24h) {
    return {
      count: 1,
      lastMessageAt: Math.max(messageAtMs, previous.lastMessageAt),
      lastStreakDay: today,
      active: true,
    };
  }
  if (!active && within24h) {
    return {
      count: 1,
      lastMessageAt: Math.max(messageAtMs, previous.lastMessageAt),
      lastStreakDay: today,
      active: true,
    };
  }
  if (active && previous.lastStreakDay !== null && daysBetween(previous.lastStreakDay, today) > 0) {
    return {
      count: count + 1,
      lastMessageAt: Math.max(messageAtMs, previous.lastMessageAt),
      lastStreakDay: today,
      active: true,
    };
  }
  return {
    count,
    lastMessageAt: Math.max(messageAtMs, previous.lastMessageAt),
    lastStreakDay: previous.lastStreakDay,
    active: active && count > 0,
  };
}

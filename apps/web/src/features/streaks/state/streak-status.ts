import { calendarDay, type StreakStatus, type StreakView, startOfNextDay } from "@heartline/shared";
import { translate } from "../../../lib/i18n/i18n";

const HOUR_MS = 3_600_000;
/** A calendar day is 23 to 25 hours long, so 30 h before a day's end is always inside the day before. */
const INSIDE_PREVIOUS_DAY_MS = 30 * HOUR_MS;

const SEVERITY: Record<StreakStatus, number> = { active: 0, breaking: 1, broken: 2 };

/**
 * spec §4 "Status shown", recomputed on the client as time passes, without a request: a streak reads
 * breaking on the last calendar day before `breaksAt` and broken from `breaksAt` on. Time only moves
 * forward, so the status never goes back from what the server said (a client clock behind the server's
 * keeps the server's word; only a message, pushed as `streak_updated`, makes a streak active again).
 */
export function streakStatusAt(
  view: Pick<StreakView, "status" | "breaksAt">,
  now: number,
  timeZone: string,
): StreakStatus {
  if (view.breaksAt === null || now >= view.breaksAt) return "broken";
  const byClock: StreakStatus =
    calendarDay(now, timeZone) === calendarDay(view.breaksAt - 1, timeZone) ? "breaking" : "active";
  return SEVERITY[byClock] > SEVERITY[view.status] ? byClock : view.status;
}

/** When a streak's shown status next changes on its own (active → breaking → broken), or null. */
export function nextStatusChangeAt(
  view: Pick<StreakView, "status" | "breaksAt">,
  now: number,
  timeZone: string,
): number | null {
  if (view.breaksAt === null || now >= view.breaksAt) return null;
  const breakingFrom = startOfNextDay(view.breaksAt - INSIDE_PREVIOUS_DAY_MS, timeZone);
  return now < breakingFrom ? breakingFrom : view.breaksAt;
}

/** A streak as shown now: status recomputed, and a broken streak counts 0 (as the server reads it). */
export function streakAt(view: StreakView, now: number, timeZone: string): StreakView {
  const status = streakStatusAt(view, now, timeZone);
  if (status === view.status) return view;
  return status === "broken"
    ? { ...view, status, count: 0, badge: null, breaksAt: null }
    : { ...view, status };
}

/** Whole hours left before `breaksAt`, rounded up (59 minutes left is "1 hour left"). */
export function hoursLeft(breaksAt: number, now: number): number {
  return Math.max(0, Math.ceil((breaksAt - now) / HOUR_MS));
}

/** "5 hours left" / "1 hour left" / "less than a minute left". */
export function hoursLeftText(breaksAt: number, now: number): string {
  if (breaksAt - now < 60_000) return translate("streak.left.minute");
  return translate("streak.left.hours", { hours: hoursLeft(breaksAt, now) });
}

/** The zone as people say it: "UTC", or the IANA name's city ("Europe/Berlin" → "Berlin time"). */
export function zoneName(timeZone: string): string {
  if (timeZone === "UTC") return "UTC";
  const city = timeZone.split("/").pop()?.replaceAll("_", " ");
  return city ? translate("streak.zone", { city }) : timeZone;
}

/** issue #12: "Send a message before midnight UTC to keep your 12-day streak". */
export function breakingWarningText(count: number, timeZone: string): string {
  return translate("streak.breaking.warning", { zone: zoneName(timeZone), count });
}

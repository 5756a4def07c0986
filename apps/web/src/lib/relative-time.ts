import { lazyDateTimeFormat, lazyRelativeTimeFormat } from "./lazy-intl";

const RELATIVE = lazyRelativeTimeFormat("en", { numeric: "auto" });
const SHORT_DATE = lazyDateTimeFormat("en-US", { month: "short", day: "numeric" });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then a date: for last-active and list times. */
export function relativeTime(timestamp: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return RELATIVE.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return RELATIVE.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return RELATIVE.format(-Math.floor(elapsed / DAY), "day");
  return SHORT_DATE.format(timestamp);
}

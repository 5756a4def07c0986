import { lazyDateTimeFormat, lazyRelativeTimeFormat } from "./lazy-intl";

type Formats = {
  relative: ReturnType<typeof lazyRelativeTimeFormat>;
  shortDate: ReturnType<typeof lazyDateTimeFormat>;
};

const FORMATS = new Map<string, Formats>();

/** One language's formatters, made on first use ("en" keeps the "en-US" date it always showed). */
function formatsOf(locale: string): Formats {
  let formats = FORMATS.get(locale);
  if (!formats) {
    formats = {
      relative: lazyRelativeTimeFormat(locale, { numeric: "auto" }),
      shortDate: lazyDateTimeFormat(locale === "en" ? "en-US" : locale, { month: "short", day: "numeric" }),
    };
    FORMATS.set(locale, formats);
  }
  return formats;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago", then a date: for last-active and list times,
 * in the site's language (issue #39; another language's "now" is its own word for it).
 */
export function relativeTime(timestamp: number, now: number = Date.now(), locale = "en"): string {
  const { relative, shortDate } = formatsOf(locale);
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return locale === "en" ? "just now" : relative.format(0, "second");
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return shortDate.format(timestamp);
}

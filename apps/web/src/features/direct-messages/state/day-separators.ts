import { perLocaleDateTimeFormat } from "../../../lib/chat-time";
import { translate } from "../../../lib/i18n/i18n";

/** Something with a time that a thread shows: a message, a pending send, a local system line. */
export interface Timed {
  timestamp: number;
}

export type ThreadItem<T extends Timed> =
  | { kind: "day"; key: string; label: string }
  | { kind: "entry"; key: string; entry: T };

const WEEKDAY_DATE = perLocaleDateTimeFormat({ weekday: "long", month: "long", day: "numeric" });
const FULL_DATE = perLocaleDateTimeFormat({ month: "long", day: "numeric", year: "numeric" });

function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** "Today", "Yesterday", "Monday, November 16" within the year, "November 16, 2025" before it (local time). */
export function dayLabel(timestamp: number, now: number, locale = "en"): string {
  const today = startOfDay(now);
  const day = startOfDay(timestamp);
  if (day === today) return translate("dm.day.today");
  const yesterday = new Date(today);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === yesterday.getTime()) return translate("dm.day.yesterday");
  return new Date(timestamp).getFullYear() === new Date(now).getFullYear()
    ? WEEKDAY_DATE(locale).format(timestamp)
    : FULL_DATE(locale).format(timestamp);
}

/** The entries in order, with a day separator before the first entry of each calendar day. */
export function withDaySeparators<T extends Timed>(
  entries: readonly T[],
  keyOf: (entry: T) => string,
  now: number,
  locale = "en",
): ThreadItem<T>[] {
  const items: ThreadItem<T>[] = [];
  let currentDay: number | null = null;
  for (const entry of entries) {
    const day = startOfDay(entry.timestamp);
    if (day !== currentDay) {
      currentDay = day;
      items.push({ kind: "day", key: `day-${day}`, label: dayLabel(entry.timestamp, now, locale) });
    }
    items.push({ kind: "entry", key: keyOf(entry), entry });
  }
  return items;
}

import { formatCount } from "./format-count";

/**
 * A count that English shows bare ("2000", as the chats always did) and another language writes with its
 * own grouping and digits (issue #39).
 */
export function formatBareCount(value: number, locale = "en"): string {
  return locale === "en" ? String(value) : formatCount(value, locale);
}

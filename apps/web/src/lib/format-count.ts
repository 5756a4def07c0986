/**
 * A whole count with thousands separators, as `toLocaleString("en-US")` writes it ("12,345"), without
 * Intl: the first Intl number format of a page loads the locale data, 28 ms of a desktop's main thread
 * and ~110 ms of a phone's (issue #36, B6), and the top bar's online count is in the first task of every
 * page.
 */
export function formatCount(value: number, locale = "en"): string {
  if (!Number.isFinite(value)) return String(value);
  // Issue #39: another language's grouping and digits through Intl (loaded with that language only).
  if (locale !== "en") return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  const digits = String(Math.abs(Math.round(value)));
  let grouped = "";
  for (let index = 0; index < digits.length; index += 1) {
    if (index > 0 && (digits.length - index) % 3 === 0) grouped += ",";
    grouped += digits[index];
  }
  return value < 0 && grouped !== "0" ? `-${grouped}` : grouped;
}

import { lazyDateTimeFormat } from "./lazy-intl";

/**
 * Issue #39: a lazy date formatter per site language for the same options, each made on first use.
 * English keeps `englishLocale` (the "en-US" forms the app always showed).
 */
export function perLocaleDateTimeFormat(
  options: Intl.DateTimeFormatOptions,
  englishLocale = "en-US",
): (locale: string) => Pick<Intl.DateTimeFormat, "format"> {
  const formats = new Map<string, Pick<Intl.DateTimeFormat, "format">>();
  return (locale) => {
    let format = formats.get(locale);
    if (!format) {
      format = lazyDateTimeFormat(locale === "en" ? englishLocale : locale, options);
      formats.set(locale, format);
    }
    return format;
  };
}

/** A chat message's time ("3:07 PM", "15:07"), as people of the site's language write it. */
export const chatTimeFormat = perLocaleDateTimeFormat({ hour: "numeric", minute: "2-digit" });

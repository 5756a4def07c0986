/**
 * Intl formatters made on first use. Making one at a module's load costs a first visit on a phone
 * although most loads never format anything: the first `Intl.DateTimeFormat` of a page loads the
 * locale's data (B6: the random-chat page's module took ~140 ms at Lighthouse's 4× slower CPU, most
 * of it one module-level formatter; issue #36).
 */
export function lazyDateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Pick<Intl.DateTimeFormat, "format"> {
  let made: Intl.DateTimeFormat | undefined;
  return {
    format: (date) => {
      made ??= new Intl.DateTimeFormat(locale, options);
      return made.format(date);
    },
  };
}

export function lazyRelativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Pick<Intl.RelativeTimeFormat, "format"> {
  let made: Intl.RelativeTimeFormat | undefined;
  return {
    format: (value, unit) => {
      made ??= new Intl.RelativeTimeFormat(locale, options);
      return made.format(value, unit);
    },
  };
}

/**
 * Intl formatters made on first use. Making one at a module's load costs a first visit on a phone
 * although most loads never format anything: the first `Intl.DateTimeFormat` of a page loads the
 * locale's data (B6: the random-chat page's module took ~140 ms at Lighthouse's 4× slower CPU, most
 * of it one module-level formatter; issue #36).
 */
function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

export function lazyDateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Pick<Intl.DateTimeFormat, "format"> {
  const formatter = madeOnFirstUse(() => new Intl.DateTimeFormat(locale, options));
  return { format: (date) => formatter().format(date) };
}

export function lazyRelativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Pick<Intl.RelativeTimeFormat, "format"> {
  const formatter = madeOnFirstUse(() => new Intl.RelativeTimeFormat(locale, options));
  return { format: (value, unit) => formatter().format(value, unit) };
}

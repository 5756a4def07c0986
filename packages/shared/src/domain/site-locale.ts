import {
  isLanguageCode,
  LANGUAGE_CODES,
  type LanguageCode,
  languageOfAcceptLanguage,
  languageOfTag,
} from "./languages";

/**
 * Issue #39: the language the site speaks to a visitor, one of the eight of `LANGUAGE_CODES` (English,
 * the default, keeps the spec's exact texts). Pure, so the server (which page to send) and the browser
 * (which catalog to load) decide alike; apps/web/public/locale-init.js mirrors `negotiateSiteLocale`.
 */
export type SiteLocale = LanguageCode;

export const DEFAULT_SITE_LOCALE: SiteLocale = "en";

/** The cookie (and localStorage key) holding a visitor's choice, so the server can send that page. */
export const SITE_LOCALE_COOKIE = "heartline-locale";

export function siteLocaleDirection(locale: SiteLocale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

export interface SiteLocaleSources {
  /** The visitor's own choice (cookie, localStorage or the account): it wins whenever it is valid. */
  saved?: string | null;
  /** The browser's preferences: an Accept-Language header, or `navigator.languages` (best first). */
  acceptLanguage?: string | readonly string[] | null;
}

/** The saved choice, else the browser's best language the site has, else English. */
export function negotiateSiteLocale({ saved, acceptLanguage }: SiteLocaleSources): SiteLocale {
  if (isLanguageCode(saved)) return saved;
  if (typeof acceptLanguage === "string")
    return languageOfAcceptLanguage(acceptLanguage) ?? DEFAULT_SITE_LOCALE;
  for (const tag of acceptLanguage ?? []) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_SITE_LOCALE;
}

/** The address prefix of a language's public pages (`/es/…`, `/pt-br/…`); English has none. */
export function localePathPrefix(locale: SiteLocale): string {
  return locale === DEFAULT_SITE_LOCALE ? "" : `/${locale.toLowerCase()}`;
}

/** `/about` in `locale`: `/es/about`; the home page is `/es/`. English keeps the address as it is. */
export function localizedPath(pathname: string, locale: SiteLocale): string {
  const prefix = localePathPrefix(locale);
  if (prefix === "") return pathname;
  return pathname === "/" ? `${prefix}/` : `${prefix}${pathname}`;
}

/** `/es/about` → es and `/about`; `/about` → null and `/about` (the address does not fix a language). */
export function splitLocalizedPath(pathname: string): { locale: SiteLocale | null; pathname: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/i.exec(pathname);
  const locale = LANGUAGE_CODES.find(
    (code) => code !== DEFAULT_SITE_LOCALE && code.toLowerCase() === match?.[1]?.toLowerCase(),
  );
  if (!match || !locale) return { locale: null, pathname };
  return { locale, pathname: match[2] && match[2] !== "" ? match[2] : "/" };
}

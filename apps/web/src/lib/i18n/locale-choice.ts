import { isLanguageCode, SITE_LOCALE_COOKIE, type SiteLocale } from "@heartline/shared";

/** A year: the choice outlives the session, as the theme's does. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The visitor's own choice of language (issue #39): in localStorage for the browser, and in a cookie so
 * the server can send the prerendered page in that language. Null when there is none (the browser's
 * languages decide). public/locale-init.js reads the same two.
 */
export function savedLocale(): SiteLocale | null {
  try {
    const stored = localStorage.getItem(SITE_LOCALE_COOKIE);
    if (isLanguageCode(stored)) return stored;
  } catch {
    // Storage can be blocked (privacy modes): the cookie still says it.
  }
  const cookie = document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SITE_LOCALE_COOKIE}=`));
  const value = cookie ? decodeURIComponent(cookie.slice(SITE_LOCALE_COOKIE.length + 1)) : null;
  return isLanguageCode(value) ? value : null;
}

export function saveLocale(locale: SiteLocale): void {
  try {
    localStorage.setItem(SITE_LOCALE_COOKIE, locale);
  } catch {
    // The cookie below is enough for the server and for locale-init.js.
  }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari and Firefox; the server needs only a plain cookie
  document.cookie = `${SITE_LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * Set when the visitor picks a language here, cleared once their account holds that choice: a choice
 * made in this browser since the account last heard of one (signed out, or the save failed) wins over
 * the account's at the next sign-in, and is saved on the account then.
 */
const UNSAVED_CHOICE_KEY = "heartline-locale-unsaved";

export function markLocaleChoiceUnsaved(): void {
  try {
    localStorage.setItem(UNSAVED_CHOICE_KEY, "1");
  } catch {
    // Without storage the account's language wins at sign-in.
  }
}

export function markLocaleChoiceSaved(): void {
  try {
    localStorage.removeItem(UNSAVED_CHOICE_KEY);
  } catch {
    // Nothing to clear.
  }
}

export function hasUnsavedLocaleChoice(): boolean {
  try {
    return localStorage.getItem(UNSAVED_CHOICE_KEY) !== null;
  } catch {
    return false;
  }
}

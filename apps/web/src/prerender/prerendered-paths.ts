import {
  LANGUAGE_CODES,
  localePathPrefix,
  localizedPath,
  type SiteLocale,
  siteLocaleDirection,
} from "@heartline/shared";
import { THEMED_LANDING_SLUGS } from "../features/content";

/**
 * The public pages prerendered at build time (issue #16, B6): the landing page, the content pages and
 * the ten themed landing pages, which search engines should read without running JavaScript. Pages
 * that show the signed-in user or live data (/chat, /leaderboard, /settings, /group-chat/…) are not.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  "/",
  "/about",
  "/guidelines",
  "/help",
  "/terms",
  "/privacy",
  "/cookies",
  "/contact",
  ...THEMED_LANDING_SLUGS.map((slug) => `/${slug}`),
];

/**
 * Pages of the app prerendered as a signed-out visitor first sees them (issue #36, B6: `/chat`, where
 * the client-drawn page reached its largest paint after three waves of script loads). Unlike the public
 * pages above, the app itself hydrates them (src/app/mount-app.tsx), and the server sends one only to a
 * request without a session cookie; everyone else, and the service worker, gets the app's shell.
 */
export const SIGNED_OUT_APP_PATHS: readonly string[] = ["/chat"];

/**
 * Issue #39: the public pages translated into every language, prerendered at `/<lang>/…` as well (the
 * other pages' text is English still; docs/features/i18n.md). Each copy lists the others as `hreflang`
 * alternates. The signed-out app pages (`/chat`) are prerendered in every language too, at one address.
 */
export const TRANSLATED_PATHS: readonly string[] = [
  "/",
  "/about",
  "/guidelines",
  "/help",
  "/contact",
  "/cookies",
  ...THEMED_LANDING_SLUGS.map((slug) => `/${slug}`),
];

/** A language as the build writes its pages (apps/web/build/page-locale.ts, which cannot load the app's modules). */
export interface PageLocaleInfo {
  locale: SiteLocale;
  dir: "ltr" | "rtl";
  /** Its copies' folder under the prerendered folders: "" for English, "es", "pt-br". */
  folder: string;
}

export const PAGE_LOCALES: readonly PageLocaleInfo[] = LANGUAGE_CODES.map((locale) => ({
  locale,
  dir: siteLocaleDirection(locale),
  folder: localePathPrefix(locale).slice(1),
}));

/** A translated page's `hreflang` alternates: each language's address, and x-default (the unprefixed one). */
export function alternatesOf(pathname: string): { hreflang: string; pathname: string }[] {
  return [
    ...LANGUAGE_CODES.map((locale) => ({ hreflang: locale, pathname: localizedPath(pathname, locale) })),
    { hreflang: "x-default", pathname },
  ];
}

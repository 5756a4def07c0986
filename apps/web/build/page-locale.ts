import type { PageLocaleInfo } from "../src/prerender/prerendered-paths";

/**
 * Issue #39: what makes a prerendered page one language's copy: `<html lang dir>` (read by the page's
 * script, and telling public/locale-init.js to leave it), the shell's description in that language (its
 * title: src/prerender/render-page.tsx), and, for a page that exists in every language, one `hreflang`
 * alternate per copy and `x-default` (the unprefixed address, which the server answers in the visitor's
 * language). The languages come from the app's modules (src/prerender/prerendered-paths.ts).
 */
export interface PageLocale {
  language: PageLocaleInfo;
  /** A public page (its islands run, src/public-entry.tsx), rather than a page of the app. */
  isPublicPage: boolean;
  /** The page's alternates when it has a copy in every language (TRANSLATED_PATHS), else none. */
  alternates: readonly { hreflang: string; pathname: string }[];
  description: string;
}

const HTML_TAG = /<html\b[^>]*>/;
/** public/locale-init.js sets the shell's language; a prerendered page has its own, so it goes. */
const LOCALE_INIT_SCRIPT = /\s*<script src="\/locale-init\.js"><\/script>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The alternates as links, absolute when the build knows the site's address (PUBLIC_URL). */
export function hreflangLinks(
  alternates: PageLocale["alternates"],
  origin = process.env.PUBLIC_URL ?? "",
): string {
  const base = origin.replace(/\/+$/, "");
  return alternates
    .map(
      ({ hreflang, pathname }) => `<link rel="alternate" hreflang="${hreflang}" href="${base}${pathname}">`,
    )
    .join("");
}

/** `html` (a filled shell) as one language's copy of its page. */
export function withPageLocale(html: string, page: PageLocale): string {
  if (!HTML_TAG.test(html)) throw new Error("the page has no <html> tag to set its language on");
  const { locale, dir } = page.language;
  const attributes = [
    `lang="${locale}"`,
    `dir="${dir}"`,
    "data-prerendered-locale",
    ...(page.isPublicPage ? ["data-public-page"] : []),
  ];
  const description = `<meta name="description" content="${escapeAttribute(page.description)}" />`;
  return html
    .replace(HTML_TAG, () => `<html ${attributes.join(" ")}>`)
    .replace(LOCALE_INIT_SCRIPT, "")
    .replace(DESCRIPTION, () => description)
    .replace("</head>", () => `${hreflangLinks(page.alternates)}</head>`);
}

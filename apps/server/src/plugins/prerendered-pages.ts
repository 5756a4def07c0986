import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import {
  DEFAULT_SITE_LOCALE,
  localizedPath,
  negotiateSiteLocale,
  SITE_LOCALE_COOKIE,
  type SiteLocale,
  splitLocalizedPath,
} from "@heartline/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readCookie } from "../lib/read-cookie";

/** Where the build writes the prerendered pages; must match apps/web/build/prerender.ts. */
export const PRERENDERED_DIR = "prerendered";
/** Under PRERENDERED_DIR; must match apps/web/build/prerender.ts. */
export const SIGNED_OUT_DIR = "signed-out";
export const REVALIDATE_CACHE = "no-cache";
const PRERENDERED_FILE = /^([a-z0-9][a-z0-9-]*)\.html$/;
/** better-auth's session cookie, with the prefix it adds on https. */
const SESSION_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token"];
/** An unprefixed page is answered in the visitor's language: caches key on what decides it. */
const NEGOTIATED_VARY = "cookie, accept-language, accept-encoding";

/** One folder's pages by address: `index.html` is `/`, `about.html` is `/about`. */
export function prerenderedPages(root: string, subdir?: string): Map<string, string> {
  const folder = subdir ? `${PRERENDERED_DIR}/${subdir}` : PRERENDERED_DIR;
  const dir = path.join(root, folder);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir).sort()) {
    const slug = PRERENDERED_FILE.exec(name)?.[1];
    if (slug) pages.set(slug === "index" ? "/" : `/${slug}`, `${folder}/${name}`);
  }
  return pages;
}

/** Each language's copies of one folder's pages (issue #39: `prerendered/es/…`), English's included. */
function pagesByLocale(root: string, subdir?: string): Map<SiteLocale, Map<string, string>> {
  const byLocale = new Map<SiteLocale, Map<string, string>>([
    [DEFAULT_SITE_LOCALE, prerenderedPages(root, subdir)],
  ]);
  const dir = path.join(root, PRERENDERED_DIR, subdir ?? "");
  if (!existsSync(dir)) return byLocale;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const { locale } = splitLocalizedPath(`/${entry.name}`);
    if (entry.isDirectory() && locale) {
      byLocale.set(locale, prerenderedPages(root, subdir ? `${subdir}/${entry.name}` : entry.name));
    }
  }
  return byLocale;
}

/** The visitor's language (issue #39): their saved choice (cookie), else their browser's (Accept-Language). */
function visitorLocale(request: FastifyRequest): SiteLocale {
  const acceptLanguage = request.headers["accept-language"];
  return negotiateSiteLocale({
    saved: readCookie(request.headers.cookie, SITE_LOCALE_COOKIE),
    acceptLanguage: typeof acceptLanguage === "string" ? acceptLanguage : null,
  });
}

function hasSession(request: FastifyRequest): boolean {
  return SESSION_COOKIES.some((name) => readCookie(request.headers.cookie, name) !== null);
}

/** `pathname`'s copy in the visitor's language when the build has one, else the English page. */
function negotiatedFile(
  request: FastifyRequest,
  byLocale: Map<SiteLocale, Map<string, string>>,
  pathname: string,
) {
  const english = byLocale.get(DEFAULT_SITE_LOCALE)?.get(pathname);
  return byLocale.get(visitorLocale(request))?.get(pathname) ?? english;
}

/**
 * The prerendered pages' routes (issue #16, #36, #39; ADR 0024). A language's copy has its own address
 * (`/es/`, `/es/about`), always that language. The unprefixed address is served in place in the
 * visitor's language when that copy exists (English otherwise), with `Vary` on what chose it. A page of
 * the app prerendered for signed-out visitors (`/chat`) goes only to a request without a session
 * cookie, in the visitor's language too; with one, the shell is sent.
 */
export function registerPrerenderedPages(app: FastifyInstance, root: string): void {
  const publicPages = pagesByLocale(root);
  for (const pathname of publicPages.get(DEFAULT_SITE_LOCALE)?.keys() ?? []) {
    // HEAD is answered too (Fastify exposes a HEAD route for each GET).
    app.get(pathname, (request, reply) =>
      sendNegotiated(reply.header("vary", NEGOTIATED_VARY), negotiatedFile(request, publicPages, pathname)),
    );
  }
  for (const [locale, pages] of publicPages) {
    if (locale === DEFAULT_SITE_LOCALE) continue;
    for (const [pathname, file] of pages) {
      const address = localizedPath(pathname, locale);
      const send = (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header("cache-control", REVALIDATE_CACHE).sendFile(file);
      app.get(address, send);
      // `/es` as well as `/es/`.
      if (pathname === "/") app.get(address.slice(0, -1), send);
    }
  }
  const signedOutPages = pagesByLocale(root, SIGNED_OUT_DIR);
  for (const pathname of signedOutPages.get(DEFAULT_SITE_LOCALE)?.keys() ?? []) {
    app.get(pathname, (request, reply) => {
      // The answer depends on the cookie: no shared cache may hand one visitor's to another.
      reply.header("cache-control", "private, no-cache").header("vary", NEGOTIATED_VARY);
      return hasSession(request)
        ? reply.sendFile("index.html")
        : reply.sendFile(negotiatedFile(request, signedOutPages, pathname) ?? "index.html");
    });
  }
}

function sendNegotiated(reply: FastifyReply, file: string | undefined): FastifyReply {
  reply.header("cache-control", REVALIDATE_CACHE);
  return file ? reply.sendFile(file) : reply.sendFile("index.html");
}

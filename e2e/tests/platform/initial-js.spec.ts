import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  formatInitialJs,
  initialScripts,
  measureServedPage,
  staticImports,
} from "../../../scripts/measure-initial-js.mjs";
import { THEMED_LANDING_ROUTES } from "../../support/routes";
import { suiteBaseUrl, WEB_DIST_DIR } from "../../support/server";

// BENCHMARKS B6, issue #36: what each address actually serves, fetched from a running server, its own
// script and modulepreload tags followed (and the modules those import statically).
type InitialJsMeasurement = Awaited<ReturnType<typeof measureServedPage>>;

const KB = 1024;
/** B6's floor: the empty Vite + React template's initial JS (bench/RESULTS.md, B6 2026-12-01). */
const TEMPLATE_GZIP_BYTES = 66.8 * KB;
/** Issue #36: a public page's initial JavaScript is at most the template's + 40 KB gzip. */
const PUBLIC_PAGE_BUDGET_GZIP_BYTES = TEMPLATE_GZIP_BYTES + 40 * KB;
/**
 * The app's shell (/chat and every page that is not prerendered; B6 holds /chat to Lighthouse's
 * figures): the foundation's 120 KB, plus the ~2.5 KB gzip the shell pays for sharing React and the
 * islands' code with the public pages in chunks of their own (issue #36) instead of one entry file,
 * and, issue #39 (ADR 0024), ~6.5 KB for the visitor's language: Lingui's runtime (~3.7 KB) and that
 * language's layout and app catalogs (~2.5 KB), which the app needs before its first render. The
 * chats' and social pages' words are a catalog of their own, loaded after the first render or by the
 * routes that show them at once (lib/i18n/catalogs.ts "chat"): its loader and those routes' waits cost
 * the shell ~0.1 KB, which left the 132 KB of before no room (132.0 KB measured, 2026-12-08). The
 * account's language at sign-in (features/accounts/api/account-locale.ts) and the account screens'
 * catalog wait (`useCatalog`) add ~0.5 KB: 132.5 KB measured after both merged, 2026-12-08.
 */
const APP_SHELL_BUDGET_GZIP_BYTES = 133 * KB;

const PRERENDERED = join(WEB_DIST_DIR, "prerendered");

/** The pages of one folder of prerendered/ at their addresses: `about.html` is /about, in `es/` /es/about. */
function pagesIn(folder: string): string[] {
  const prefix = folder === "" ? "" : `/${folder}`;
  return readdirSync(join(PRERENDERED, folder))
    .filter((file) => file.endsWith(".html"))
    .map((file) => (file === "index.html" ? `${prefix}/` : `${prefix}/${file.slice(0, -".html".length)}`));
}

/**
 * Every prerendered public page of the build (apps/web/build/prerender.ts), each language's copies
 * included (issue #39: `prerendered/es/…` is served at /es/…, with that language's catalog).
 */
const PUBLIC_PAGES = [
  ...pagesIn(""),
  ...readdirSync(PRERENDERED, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "signed-out")
    .flatMap((entry) => pagesIn(entry.name)),
].sort();

function report(pathname: string, measurement: InitialJsMeasurement): void {
  console.log(`${pathname} ${formatInitialJs(measurement)}`);
  for (const file of measurement.files) {
    console.log(`  ${file.kind.padEnd(13)} ${file.path} ${(file.gzipBytes / KB).toFixed(1)} KB gzip`);
  }
}

describe("initial JavaScript budget of the pages as served", () => {
  it("measures the landing page and every themed landing page, in every language", () => {
    expect(PUBLIC_PAGES).toEqual(expect.arrayContaining(["/", ...THEMED_LANDING_ROUTES]));
    for (const prefix of ["/es", "/pt-br", "/fr", "/de", "/hi", "/id", "/ar"]) {
      expect(PUBLIC_PAGES).toEqual(
        expect.arrayContaining([`${prefix}/`, ...THEMED_LANDING_ROUTES.map((route) => `${prefix}${route}`)]),
      );
    }
  });

  it.each(PUBLIC_PAGES)("%s: at most the template's + 40 KB gzip", async (pathname) => {
    const measurement = await measureServedPage(suiteBaseUrl(), pathname);
    report(pathname, measurement);
    expect(measurement.files.filter((file) => file.kind === "entry")).toHaveLength(1);
    expect(measurement.totalGzipBytes).toBeGreaterThan(0);
    expect(measurement.totalGzipBytes).toBeLessThanOrEqual(PUBLIC_PAGE_BUDGET_GZIP_BYTES);
  });

  it("/chat (the app's shell): at most 133 KB gzip", async () => {
    const measurement = await measureServedPage(suiteBaseUrl(), "/chat");
    report("/chat", measurement);
    expect(measurement.files.filter((file) => file.kind === "entry")).toHaveLength(1);
    expect(measurement.totalGzipBytes).toBeLessThanOrEqual(APP_SHELL_BUDGET_GZIP_BYTES);
  });
});

describe("what counts as initial JavaScript", () => {
  it("counts the entry module, modulepreloads (a template's too), registerSW.js and classic scripts, not styles or lazy chunks", () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
      <link rel='modulepreload' href=/assets/router-c3.js>
      <link rel="stylesheet" href="/assets/index-d4.css">
      <link rel="prefetch" href="/assets/chat-e5.js">
      <script id="vite-plugin-pwa:register-sw" src="/registerSW.js" defer></script>
      <script src="/theme-init.js"></script>
      <script>window.inline = true</script>
    </head><body><template id="page-scripts"><link rel="modulepreload" crossorigin href="/assets/page-f6.js"></template></body></html>`;
    expect(initialScripts(html)).toEqual([
      { url: "/assets/index-a1.js", kind: "entry" },
      { url: "/assets/react-b2.js", kind: "modulepreload" },
      { url: "/assets/router-c3.js", kind: "modulepreload" },
      { url: "/registerSW.js", kind: "register-sw" },
      { url: "/theme-init.js", kind: "script" },
      { url: "/assets/page-f6.js", kind: "modulepreload" },
    ]);
  });

  it("follows a module's static imports and re-exports, not its lazy ones", () => {
    const source =
      'import{r as e}from"./XKyaHtl9.js";import"./side.js";export{t as n}from"./B3.js";' +
      'const x=()=>import("./lazy.js");import {\n  a,\n  b\n} from "/assets/abs.js";';
    expect(staticImports(source)).toEqual(["./XKyaHtl9.js", "./side.js", "./B3.js", "/assets/abs.js"]);
  });
});

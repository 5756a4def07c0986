import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteLocale } from "@heartline/shared";
import react from "@vitejs/plugin-react";
import { createServer, createServerModuleRunner, type Logger, type Plugin, type ViteDevServer } from "vite";
import { PRERENDERED_PATH_ATTRIBUTE } from "../src/app/prerendered-path";
import type { PageLocaleInfo } from "../src/prerender/prerendered-paths";
import { writeCompressedCopies } from "./compression";
import { compiledCatalogs } from "./lingui-catalogs";
import { withPageLocale } from "./page-locale";
import {
  type BuiltChunk,
  catalogChunkFiles,
  entryChunkFiles,
  withChunks,
  withScriptsAfterPaint,
} from "./page-scripts";

/**
 * issue #16, B6: after `vite build`, every public page (src/prerender/prerendered-paths.ts) is rendered
 * with React's `prerender` (react-dom/static) into the built index.html, hashed asset tags and all, and
 * written to `prerendered/<page>.html` with its brotli and gzip copies. The server sends these for
 * their addresses (apps/server/src/plugins/static-web.ts) and the browser hydrates them
 * (src/app/mount-app.tsx), so the first paint needs no JavaScript. issue #36: a prerendered page runs
 * the public entry, which hydrates its islands only, not the app (./page-scripts.ts); its scripts are
 * fetched after the first paint. index.html stays the empty shell every other route (and the service
 * worker) uses.
 */
export const PRERENDERED_DIR = "prerendered";

/** The script of the prerendered pages (a second build input, vite.config.ts). */
export const PUBLIC_ENTRY = "src/public-entry.tsx";

const RENDER_MODULE = "/src/prerender/render-page.tsx";
const PATHS_MODULE = "/src/prerender/prerendered-paths.ts";
const EMPTY_ROOT = '<div id="root"></div>';
const NO_SCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;
const TITLE = /<title>[\s\S]*?<\/title>/;

interface PathsModule {
  PRERENDERED_PATHS: readonly string[];
  SIGNED_OUT_APP_PATHS: readonly string[];
  TRANSLATED_PATHS: readonly string[];
  PAGE_LOCALES: readonly PageLocaleInfo[];
  alternatesOf(pathname: string): { hreflang: string; pathname: string }[];
}

interface RenderModule {
  renderPage(
    pathname: string,
    locale: SiteLocale,
  ): Promise<{ html: string; title: string | null; shell: { title: string; description: string } }>;
}

/**
 * Where the app's pages prerendered for signed-out visitors go (SIGNED_OUT_APP_PATHS); must match
 * apps/server/src/plugins/static-web.ts.
 */
export const SIGNED_OUT_DIR = "signed-out";

/** `/` → prerendered/index.html, `/about` → prerendered/about.html; Spanish's (folder `es`) prerendered/es/about.html. */
export function prerenderedFileFor(pathname: string, folder = ""): string {
  const name = pathname === "/" ? "index" : pathname.slice(1);
  return path.posix.join(PRERENDERED_DIR, folder, `${name}.html`);
}

/** `/chat` → prerendered/signed-out/chat.html; Arabic's (folder `ar`) prerendered/signed-out/ar/chat.html. */
export function signedOutFileFor(pathname: string, folder = ""): string {
  return path.posix.join(PRERENDERED_DIR, SIGNED_OUT_DIR, folder, `${pathname.slice(1)}.html`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The built shell with one page's markup in `#root` (the no-JavaScript notice goes: the page works). */
export function fillShell(shell: string, pathname: string, page: { html: string; title: string | null }) {
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to prerender into`);
  const root = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${escapeHtml(pathname)}">${page.html}</div>`;
  const filled = shell.replace(NO_SCRIPT, "").replace(EMPTY_ROOT, () => root);
  return page.title === null
    ? filled
    : filled.replace(TITLE, () => `<title>${escapeHtml(page.title ?? "")}</title>`);
}

/** One page rendered by a fresh module runner, so no page sees another's module state. */
async function renderAlone(server: ViteDevServer, pathname: string, locale: SiteLocale) {
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  try {
    const { renderPage } = (await runner.import(RENDER_MODULE)) as RenderModule;
    return await renderPage(pathname, locale);
  } finally {
    await runner.close();
  }
}

export function prerenderPublicPages(): Plugin {
  let root = "";
  let outDir = "";
  let logger: Logger | undefined;
  let chunks: BuiltChunk[] = [];
  return {
    name: "heartline:prerender",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    generateBundle(_options, bundle) {
      chunks = Object.values(bundle).filter((output) => output.type === "chunk");
    },
    // After the bundle and index.html are written; the service worker's precache leaves these out.
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const shell = await readFile(path.join(outDir, "index.html"), "utf8");
        // The app's source, rendered in Node: the same modules the browser runs, React's server renderer.
        const server = await createServer({
          root,
          configFile: false,
          mode: "production",
          logLevel: "error",
          appType: "custom",
          plugins: [react(), compiledCatalogs()],
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          // Only the list: each page's render loads the app in its own runner (renderAlone).
          const paths = (await server.ssrLoadModule(PATHS_MODULE)) as PathsModule;
          const { PRERENDERED_PATHS, SIGNED_OUT_APP_PATHS, TRANSLATED_PATHS, PAGE_LOCALES } = paths;
          const publicScripts = entryChunkFiles(chunks, path.join(root, PUBLIC_ENTRY));
          const appScripts = entryChunkFiles(chunks, path.join(root, "index.html"));
          const pages = PAGE_LOCALES.flatMap((language) => [
            // The public pages run the public entry (islands); the signed-out app pages run the app.
            // Issue #39: English has every page; the other languages the translated ones.
            ...PRERENDERED_PATHS.filter(
              (pathname) => language.folder === "" || TRANSLATED_PATHS.includes(pathname),
            ).map((pathname) => ({
              pathname,
              language,
              isPublicPage: true,
              file: prerenderedFileFor(pathname, language.folder),
              // The language's layout catalog (what the islands render) comes with the page's scripts.
              scripts: withChunks(
                publicScripts,
                catalogChunkFiles(chunks, root, language.locale, ["layout"]),
              ),
            })),
            ...SIGNED_OUT_APP_PATHS.map((pathname) => ({
              pathname,
              language,
              isPublicPage: false,
              file: signedOutFileFor(pathname, language.folder),
              scripts: withChunks(
                appScripts,
                catalogChunkFiles(chunks, root, language.locale, ["layout", "app"]),
              ),
            })),
          ]);
          for (const { pathname, language, isPublicPage, file, scripts } of pages) {
            await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
            const page = await renderAlone(server, pathname, language.locale);
            const isEnglish = language.folder === "";
            const title = page.title ?? (isEnglish ? null : page.shell.title);
            const filled = fillShell(shell, pathname, { html: page.html, title });
            const localized = withPageLocale(filled, {
              language,
              isPublicPage,
              alternates:
                isPublicPage && TRANSLATED_PATHS.includes(pathname) ? paths.alternatesOf(pathname) : [],
              description: page.shell.description,
            });
            await writeFile(path.join(outDir, file), withScriptsAfterPaint(localized, scripts));
            await writeCompressedCopies(path.join(outDir, file));
          }
          logger?.info(`prerendered ${pages.length} pages into ${PRERENDERED_DIR}/`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

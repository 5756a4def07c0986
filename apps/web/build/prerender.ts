import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { createServer, createServerModuleRunner, type Logger, type Plugin, type ViteDevServer } from "vite";
import { PRERENDERED_PATH_ATTRIBUTE } from "../src/app/prerendered-path";
import { writeCompressedCopies } from "./compression";
import { type BuiltChunk, entryChunkFiles, withScriptsAfterPaint } from "./page-scripts";

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

interface RenderModule {
  renderPage(pathname: string): Promise<{ html: string; title: string | null }>;
}

/**
 * Where the app's pages prerendered for signed-out visitors go (SIGNED_OUT_APP_PATHS); must match
 * apps/server/src/plugins/static-web.ts.
 */
export const SIGNED_OUT_DIR = "signed-out";

/** `/` → prerendered/index.html, `/about` → prerendered/about.html. */
export function prerenderedFileFor(pathname: string): string {
  const name = pathname === "/" ? "index" : pathname.slice(1);
  return `${PRERENDERED_DIR}/${name}.html`;
}

/** `/chat` → prerendered/signed-out/chat.html. */
export function signedOutFileFor(pathname: string): string {
  return `${PRERENDERED_DIR}/${SIGNED_OUT_DIR}/${pathname.slice(1)}.html`;
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
async function renderAlone(server: ViteDevServer, pathname: string) {
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  try {
    const { renderPage } = (await runner.import(RENDER_MODULE)) as RenderModule;
    return await renderPage(pathname);
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
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          // Only the list: each page's render loads the app in its own runner (renderAlone).
          const { PRERENDERED_PATHS, SIGNED_OUT_APP_PATHS } = (await server.ssrLoadModule(PATHS_MODULE)) as {
            PRERENDERED_PATHS: readonly string[];
            SIGNED_OUT_APP_PATHS: readonly string[];
          };
          await mkdir(path.join(outDir, PRERENDERED_DIR, SIGNED_OUT_DIR), { recursive: true });
          const pages = [
            // The public pages run the public entry (islands); the signed-out app pages run the app.
            ...PRERENDERED_PATHS.map((pathname) => ({
              pathname,
              file: prerenderedFileFor(pathname),
              scripts: entryChunkFiles(chunks, path.join(root, PUBLIC_ENTRY)),
            })),
            ...SIGNED_OUT_APP_PATHS.map((pathname) => ({
              pathname,
              file: signedOutFileFor(pathname),
              scripts: entryChunkFiles(chunks, path.join(root, "index.html")),
            })),
          ];
          for (const { pathname, file, scripts } of pages) {
            const page = await renderAlone(server, pathname);
            const html = withScriptsAfterPaint(fillShell(shell, pathname, page), scripts);
            await writeFile(path.join(outDir, file), html);
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

// Measures a page's initial JavaScript as a browser downloads it: its module entry, every modulepreload
// (those a prerendered page holds in its page-scripts template too), every module those import
// statically, the service-worker registration script and any other external script (e.g. the theme
// bootstrap), each gzipped at level 9. Lazy chunks (dynamic `import()`) are not counted.
// Issue #36: measure what each address actually serves, from a running server (`measureServedPage`);
// `measureInitialJs` reads a page of a build's files instead (the B6 template has no server of its own).
// Used by e2e/tests/platform/initial-js.spec.ts and bench/b6-web-lighthouse.mjs, and runnable alone:
//   node scripts/measure-initial-js.mjs http://localhost:3000 / /chat   (pages as served)
//   node scripts/measure-initial-js.mjs [apps/web/dist] [index.html]    (a page of the build)
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { constants, gzipSync } from "node:zlib";

export const DEFAULT_DIST_DIR = resolve(fileURLToPath(new URL("../apps/web/dist", import.meta.url)));

/**
 * @typedef {"entry" | "modulepreload" | "import" | "register-sw" | "script"} InitialJsKind
 *
 * @typedef {object} InitialJsFile
 * @property {string} path the file's path on the site, without the leading slash, e.g. "assets/index-abc.js"
 * @property {InitialJsKind} kind "import": a module only found as another's static import
 * @property {number} bytes
 * @property {number} gzipBytes
 *
 * @typedef {object} InitialJsMeasurement
 * @property {InitialJsFile[]} files
 * @property {number} totalBytes
 * @property {number} totalGzipBytes
 */

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
// `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` as Vite writes them (minified or
// not); `import("./x.js")` is lazy and does not match.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'\n]+\.m?js)["']/g;

/**
 * @param {string} source the inside of a tag after its name
 * @returns {Map<string, string>}
 */
function parseAttributes(source) {
  /** @type {Map<string, string>} */
  const attributes = new Map();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1];
    if (name) attributes.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/**
 * @param {string} src
 * @param {string | undefined} type
 * @returns {InitialJsKind}
 */
function scriptKind(src, type) {
  if (type === "module") return "entry";
  if (/registerSW\.js$/.test(src)) return "register-sw";
  // Any other external script (a theme bootstrap, say) is fetched before first paint as well.
  return "script";
}

/**
 * The scripts a page's HTML makes the browser fetch on load.
 * @param {string} html
 * @returns {{ url: string, kind: InitialJsKind }[]}
 */
export function initialScripts(html) {
  /** @type {{ url: string, kind: InitialJsKind }[]} */
  const found = [];
  for (const match of html.matchAll(TAG)) {
    const tag = match[1]?.toLowerCase();
    const attributes = parseAttributes(match[2] ?? "");
    const src = attributes.get("src");
    const href = attributes.get("href");
    if (tag === "script" && src) {
      found.push({ url: src, kind: scriptKind(src, attributes.get("type")) });
    } else if (tag === "link" && href && attributes.get("rel") === "modulepreload") {
      found.push({ url: href, kind: "modulepreload" });
    }
  }
  return found.filter((script, index) => found.findIndex((other) => other.url === script.url) === index);
}

/**
 * The modules a module imports statically, as written (relative or absolute).
 * @param {string} source
 * @returns {string[]}
 */
export function staticImports(source) {
  return [...new Set([...source.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? ""))];
}

/**
 * @param {string} html the page
 * @param {URL} pageUrl where the page is (relative addresses resolve against it)
 * @param {(url: URL) => Promise<Buffer>} load a file of the site
 * @returns {Promise<InitialJsMeasurement>}
 */
async function measureScripts(html, pageUrl, load) {
  const scripts = initialScripts(html);
  if (!scripts.some((script) => script.kind === "entry")) {
    throw new Error(`${pageUrl.pathname} has no <script type="module" src=…> entry`);
  }
  /** @type {InitialJsFile[]} */
  const files = [];
  const seen = new Set();
  /** @type {{ url: URL, kind: InitialJsKind }[]} */
  const pending = scripts.map((script) => ({ url: new URL(script.url, pageUrl), kind: script.kind }));
  for (let next = pending.shift(); next; next = pending.shift()) {
    const { url, kind } = next;
    if (url.origin !== pageUrl.origin || seen.has(url.pathname)) continue;
    seen.add(url.pathname);
    const content = await load(url);
    const gzipBytes = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    files.push({
      path: decodeURIComponent(url.pathname).replace(/^\/+/, ""),
      kind,
      bytes: content.length,
      gzipBytes,
    });
    if (kind === "entry" || kind === "modulepreload" || kind === "import") {
      for (const imported of staticImports(content.toString("utf8"))) {
        pending.push({ url: new URL(imported, url), kind: "import" });
      }
    }
  }
  return {
    files,
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

/**
 * A page of a build's files, e.g. its index.html or prerendered/about.html.
 * @param {string} [distDir] the built site (apps/web/dist)
 * @param {string} [page] the HTML file under it
 * @returns {Promise<InitialJsMeasurement>}
 */
export async function measureInitialJs(distDir = DEFAULT_DIST_DIR, page = "index.html") {
  const pagePath = join(distDir, page);
  if (!existsSync(pagePath)) throw new Error(`${pagePath} is missing: run \`npm run build\` first`);
  return measureScripts(await readFile(pagePath, "utf8"), new URL("http://localhost/"), (url) =>
    readFile(join(distDir, decodeURIComponent(url.pathname))),
  );
}

/**
 * @param {URL} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<Response>}
 */
async function fetchOk(url, headers = {}) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url.pathname} answered ${response.status}`);
  return response;
}

/**
 * The page a running server sends for `pathname` (the file that address gets, prerendered or the app's
 * shell), its scripts fetched from the same server. Node's fetch undoes the transfer encoding, so the
 * sizes are the files' own, gzipped here like every other measurement.
 * @param {string} baseUrl e.g. http://localhost:3000
 * @param {string} pathname e.g. "/" or "/chat"
 * @returns {Promise<InitialJsMeasurement>}
 */
export async function measureServedPage(baseUrl, pathname) {
  const pageUrl = new URL(pathname, baseUrl);
  // As a browser's navigation asks: the server sends the app's shell only to a request for HTML.
  const html = await (await fetchOk(pageUrl, { accept: "text/html" })).text();
  return measureScripts(html, pageUrl, async (url) => Buffer.from(await (await fetchOk(url)).arrayBuffer()));
}

/**
 * @param {InitialJsMeasurement} measurement
 * @returns {string} e.g. "initial JS: 98.4 KB gzip (3 files)"
 */
export function formatInitialJs(measurement) {
  const count = measurement.files.length;
  return `initial JS: ${(measurement.totalGzipBytes / 1024).toFixed(1)} KB gzip (${count} ${count === 1 ? "file" : "files"})`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const [target, ...pages] = process.argv.slice(2);
    if (target && /^https?:\/\//.test(target)) {
      for (const pathname of pages.length > 0 ? pages : ["/"]) {
        console.log(`${pathname} ${formatInitialJs(await measureServedPage(target, pathname))}`);
      }
    } else {
      const distDir = target ? resolve(target) : undefined;
      for (const page of pages.length > 0 ? pages : ["index.html"]) {
        console.log(`${page} ${formatInitialJs(await measureInitialJs(distDir, page))}`);
      }
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

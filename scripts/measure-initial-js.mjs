// Measures the landing page's initial JavaScript as a browser downloads it: the entry module, every
// modulepreload, the service-worker registration script and any other external script index.html
// loads (e.g. the theme bootstrap), each gzipped at level 9.
// Used by e2e/tests/platform/initial-js.spec.ts and runnable alone: `node scripts/measure-initial-js.mjs`.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { constants, gzipSync } from "node:zlib";

export const DEFAULT_DIST_DIR = resolve(fileURLToPath(new URL("../apps/web/dist", import.meta.url)));

/**
 * @typedef {object} InitialJsFile
 * @property {string} path path under the dist directory, e.g. "assets/index-abc.js"
 * @property {"entry" | "modulepreload" | "register-sw" | "script"} kind
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
 * @returns {InitialJsFile["kind"]}
 */
function scriptKind(src, type) {
  if (type === "module") return "entry";
  if (/registerSW\.js$/.test(src)) return "register-sw";
  // Any other external script (a theme bootstrap, say) is fetched before first paint as well.
  return "script";
}

/**
 * The scripts index.html makes the browser fetch before the first render.
 * @param {string} html
 * @returns {{ url: string, kind: InitialJsFile["kind"] }[]}
 */
export function initialScripts(html) {
  /** @type {{ url: string, kind: InitialJsFile["kind"] }[]} */
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
 * @param {string} [distDir] the built web app (apps/web/dist)
 * @returns {Promise<InitialJsMeasurement>}
 */
export async function measureInitialJs(distDir = DEFAULT_DIST_DIR) {
  const indexPath = join(distDir, "index.html");
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: run \`npm run build\` first`);
  const scripts = initialScripts(await readFile(indexPath, "utf8"));
  if (!scripts.some((script) => script.kind === "entry")) {
    throw new Error(`${indexPath} has no <script type="module" src=…> entry`);
  }
  /** @type {InitialJsFile[]} */
  const files = [];
  for (const script of scripts) {
    const path = decodeURIComponent(new URL(script.url, "http://localhost/").pathname).replace(/^\/+/, "");
    const content = await readFile(join(distDir, path));
    const gzipBytes = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    files.push({ path, kind: script.kind, bytes: content.length, gzipBytes });
  }
  return {
    files,
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
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
    console.log(
      formatInitialJs(await measureInitialJs(process.argv[2] ? resolve(process.argv[2]) : undefined)),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

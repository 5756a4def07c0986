// `npm run build -w @heartline/server`: the server compiled for `node` with no TypeScript tooling at
// run time (issue #41 §4, ADR 0020). esbuild bundles src/main.ts and src/cli/admin.ts, with the
// workspace's own @heartline/shared (TypeScript source), into dist/; every npm package stays external
// and is loaded from node_modules as usual.
//
// Files the server opens at run time from `new URL("<relative>", import.meta.url)` (the word lists,
// the personas, the image classifier's worker, the migrations, the web app) would be looked up next
// to the bundle, not next to their source. dist/ is a sibling of src/, so each such URL is rewritten
// to the same relative path from dist/, and a file that lives inside src/ is copied there; a target
// outside src/ (../../drizzle, ../../web/dist) is then found where it already is.
import { cp, mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
const SRC_DIR = path.join(SERVER_DIR, "src");
// `--outdir <name>`: another folder beside src/ (the cluster suite builds its own, so that `npm run build`
// beside it never replaces the files its nodes run from).
const { values: options } = parseArgs({ options: { outdir: { type: "string", default: "dist" } } });
if (!/^dist(-[a-z]+)?$/.test(options.outdir))
  throw new Error(`--outdir must be dist or dist-<name>: ${options.outdir}`);
const DIST_DIR = path.join(SERVER_DIR, options.outdir);
const ENTRY_POINTS = { main: "src/main.ts", admin: "src/cli/admin.ts" };
/** `new URL("./x", import.meta.url)` with a literal first argument. */
const RELATIVE_URL = /new URL\(\s*(["'])(\.{1,2}\/[^"']*)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Rewrites the run-time file URLs of one module and records the files to copy into dist/.
 * @param {string} file absolute path of a module under src/
 * @param {string} source
 * @param {Map<string, string>} copies absolute source → path inside dist/
 */
function rewriteFileUrls(file, source, copies) {
  // Any other use (`import.meta.dirname`, a URL built from a variable) would silently point into dist/.
  if (/import\.meta/.test(source.replace(RELATIVE_URL, ""))) {
    throw new Error(
      `${path.relative(SERVER_DIR, file)}: import.meta other than new URL("./…", import.meta.url)`,
    );
  }
  return source.replace(RELATIVE_URL, (_match, quote, relative) => {
    const target = path.resolve(path.dirname(file), relative);
    const fromSrc = path.relative(SRC_DIR, target);
    if (!fromSrc.startsWith("..")) copies.set(target, fromSrc);
    const trailing = relative.endsWith("/") ? "/" : "";
    const posix = fromSrc.split(path.sep).join("/");
    const rewritten = `${posix.startsWith("..") ? "" : "./"}${posix}${trailing}`;
    return `new URL(${quote}${rewritten}${quote}, import.meta.url)`;
  });
}

/** @param {Map<string, string>} copies */
function fileUrlPlugin(copies) {
  return {
    name: "file-urls",
    /** @param {import("esbuild").PluginBuild} plugin */
    setup(plugin) {
      // Bare imports are npm packages, kept external, except the workspace's TypeScript package.
      plugin.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith("@heartline/") ? undefined : { path: args.path, external: true },
      );
      plugin.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, "utf8");
        if (!args.path.startsWith(SRC_DIR + path.sep)) return { contents: source, loader: "ts" };
        return { contents: rewriteFileUrls(args.path, source, copies), loader: "ts" };
      });
    },
  };
}

/** @type {Map<string, string>} */
const copies = new Map();
await rm(DIST_DIR, { recursive: true, force: true });
await build({
  absWorkingDir: SERVER_DIR,
  entryPoints: ENTRY_POINTS,
  outdir: DIST_DIR,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  // No `keepNames`: its `__name(fn, "…")` on every function costs memory per closure made per socket
  // (bench/PROFILES.md, B4). A name esbuild renames for a clash (`foo2`) only shows in stack traces.
  logLevel: "warning",
  plugins: [fileUrlPlugin(copies)],
});
for (const [from, to] of copies) {
  await mkdir(path.dirname(path.join(DIST_DIR, to)), { recursive: true });
  await cp(from, path.join(DIST_DIR, to), { recursive: true });
}
console.log(
  `server built into apps/server/${options.outdir}, with ${[...copies.values()].sort().join(", ")}`,
);

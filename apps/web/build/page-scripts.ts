import path from "node:path";

/**
 * issue #16, #36, B6: how a prerendered page loads its scripts.
 *
 * A prerendered page does not run the app: it runs the public entry (src/public-entry.tsx), which
 * hydrates the page's islands only (src/islands/). So the shell's module entry and modulepreloads leave
 * the page, and the public entry and its static imports take their place.
 *
 * The page is on screen without any script, so its scripts wait for the first paint: they go into
 * `<template id="page-scripts">`, which public/hydrate-after-paint.js puts into the document once a
 * frame has been drawn. Until then the HTML and the stylesheet have the connection to themselves.
 */

/** The part of a Rolldown output chunk this needs. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** The entry module (absolute id) of an entry chunk, or the module an `import()` asks for. */
  facadeModuleId: string | null;
  /** Chunks this one imports statically (file names). */
  imports: readonly string[];
}

const PAGE_SCRIPTS_TEMPLATE_ID = "page-scripts";
/** In apps/web/public; must match the file's name there. */
const HYDRATE_AFTER_PAINT_SCRIPT = "/hydrate-after-paint.js";

/**
 * The entry chunk of `entryModuleId` (an absolute path) and every chunk it imports statically: the
 * entry first, then the others in bundle order.
 */
export function entryChunkFiles(
  chunks: readonly BuiltChunk[],
  entryModuleId: string,
): { entry: string; imports: string[] } {
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === entryModuleId);
  if (!entry) throw new Error(`the bundle has no entry chunk for ${entryModuleId}`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set<BuiltChunk>();
  const pending = [...entry.imports];
  for (let file = pending.pop(); file; file = pending.pop()) {
    const chunk = byFile.get(file);
    if (!chunk || found.has(chunk)) continue;
    found.add(chunk);
    pending.push(...chunk.imports);
  }
  return {
    entry: entry.fileName,
    imports: chunks.filter((chunk) => found.has(chunk)).map((chunk) => chunk.fileName),
  };
}

/**
 * Issue #39: the chunks of `locale`'s catalogs in `namespaces` (src/locales/<locale>/<namespace>.json, each
 * a lazy chunk of its own): a prerendered page preloads its own language's, so hydration does not wait
 * for a second round trip, and the page's initial JavaScript counts them.
 */
export function catalogChunkFiles(
  chunks: readonly BuiltChunk[],
  root: string,
  locale: string,
  namespaces: readonly string[],
): string[] {
  return namespaces.map((namespace) => {
    const id = path.join(root, "src", "locales", locale, `${namespace}.json`);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
    if (!chunk) throw new Error(`the bundle has no chunk for the catalog ${id}`);
    return chunk.fileName;
  });
}

/** `scripts` with `files` preloaded too. */
export function withChunks(scripts: { entry: string; imports: readonly string[] }, files: readonly string[]) {
  return { entry: scripts.entry, imports: [...scripts.imports, ...files] };
}

/** The module entry (with its closing tag) and every modulepreload Vite wrote into the shell. */
const SHELL_MODULE_TAG = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * `html` (a filled shell) without the shell's module scripts, and with the page's own, `scripts`
 * (paths under the site's root), in the page-scripts template, followed by the script that inserts the
 * template after the first paint.
 */
export function withScriptsAfterPaint(html: string, scripts: { entry: string; imports: readonly string[] }) {
  if (!html.includes("</body>")) throw new Error("the page has no </body> to put its scripts before");
  const tags = [
    `<script type="module" crossorigin src="/${scripts.entry}"></script>`,
    ...scripts.imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const template = `<template id="${PAGE_SCRIPTS_TEMPLATE_ID}">${tags.join("")}</template>`;
  const loader = `<script src="${HYDRATE_AFTER_PAINT_SCRIPT}" defer></script>`;
  return html.replace(SHELL_MODULE_TAG, "").replace("</body>", () => `${template}${loader}</body>`);
}

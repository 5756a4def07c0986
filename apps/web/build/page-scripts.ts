/**
 * issue #16, B6: how a prerendered page loads its scripts.
 *
 * The page is on screen without any script, so its scripts wait for the first paint: the shell's entry
 * and modulepreloads move into `<template id="page-scripts">`, which public/hydrate-after-paint.js puts
 * into the document once a frame has been drawn. Until then the HTML and the stylesheet have the
 * connection to themselves (on a slow phone connection, ~150 KB of script would otherwise share it).
 *
 * The template also lists the chunks of the page's own lazy route and components. Without them these are
 * found only once the entry has run: Vite's preload helper then adds a `<link rel="modulepreload">` per
 * chunk from script (for the landing page's 16, about 110 ms of main thread with the CPU slowed 4×) and
 * the browser fetches them a round trip later. Listed, they download beside the entry and the helper finds
 * them already there.
 */

/** The part of a Rolldown output chunk this needs. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** Loaded by an `import()` (a lazy route or component) rather than only imported statically. */
  isDynamicEntry: boolean;
  /** The module an `import()` of this chunk asks for (absolute id), when there is one. */
  facadeModuleId: string | null;
  /** Chunks this one imports statically (file names). */
  imports: readonly string[];
}

const PAGE_SCRIPTS_TEMPLATE_ID = "page-scripts";
/** In apps/web/public; must match the file's name there. */
const HYDRATE_AFTER_PAINT_SCRIPT = "/hydrate-after-paint.js";

const withoutQuery = (id: string) => id.replace(/[?#].*$/, "");

function withStaticImports(start: Iterable<BuiltChunk>, byFile: Map<string, BuiltChunk>): Set<BuiltChunk> {
  const found = new Set<BuiltChunk>();
  const pending = [...start];
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (found.has(chunk)) continue;
    found.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return found;
}

/**
 * The chunks a page needs beyond the entry and what it imports (those are in the shell already): each
 * lazy chunk whose module the page was rendered with (its route, its lazy components), and their static
 * imports, in bundle order. `renderedModuleIds` are the ids of the modules the prerender evaluated for
 * this page. Only lazy chunks' own modules are matched: the render also evaluates whole feature
 * entries (index.ts) that the bundle tree-shakes, whose other modules the page does not load.
 */
export function pageChunkFiles(chunks: readonly BuiltChunk[], renderedModuleIds: Iterable<string>): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const inShell = withStaticImports(
    chunks.filter((chunk) => chunk.isEntry),
    byFile,
  );
  const rendered = new Set([...renderedModuleIds].map(withoutQuery));
  const lazyRendered = chunks.filter(
    (chunk) =>
      chunk.isDynamicEntry && chunk.facadeModuleId && rendered.has(withoutQuery(chunk.facadeModuleId)),
  );
  const needed = withStaticImports(lazyRendered, byFile);
  return chunks.filter((chunk) => needed.has(chunk) && !inShell.has(chunk)).map((chunk) => chunk.fileName);
}

/** The module entry (with its closing tag) and every modulepreload Vite wrote into the shell. */
const SHELL_MODULE_TAG = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * `html` (a filled shell) with its module scripts moved into the page-scripts template, followed there
 * by a modulepreload for each of `files` (paths under the site's root), and the script that inserts the
 * template after the first paint.
 */
export function withScriptsAfterPaint(html: string, files: readonly string[]): string {
  const shellTags = html.match(SHELL_MODULE_TAG) ?? [];
  if (!shellTags.some((tag) => tag.startsWith("<script"))) throw new Error("the page has no module entry");
  if (!html.includes("</body>")) throw new Error("the page has no </body> to put its scripts before");
  const pageTags = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const template = `<template id="${PAGE_SCRIPTS_TEMPLATE_ID}">${[...shellTags, ...pageTags].join("")}</template>`;
  const loader = `<script src="${HYDRATE_AFTER_PAINT_SCRIPT}" defer></script>`;
  return html.replace(SHELL_MODULE_TAG, "").replace("</body>", () => `${template}${loader}</body>`);
}

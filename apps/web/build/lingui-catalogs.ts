import { readFile } from "node:fs/promises";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/** A catalog of the site (issue #39): `src/locales/<locale>/<namespace>.json`, ids to ICU messages. */
export const CATALOG_FILE = /[\\/]src[\\/]locales[\\/][A-Za-z-]+[\\/][a-z-]+\.json$/;

/** Every message of a catalog compiled to Lingui's token form; throws on invalid ICU, naming the id. */
export function compileCatalog(messages: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`message "${id}" is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/**
 * Issue #39, ADR 0024: the catalogs are written as plain ICU messages and reach the browser compiled, so
 * the page ships no MessageFormat parser (Lingui's runtime only interpolates). The file stays JSON, so
 * Vite's own JSON handling turns it into a module; this only rewrites its text when it is loaded, in the
 * build, the dev server, the unit tests and the prerender step alike.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: "heartline:compiled-catalogs",
    enforce: "pre",
    async load(id) {
      const file = id.split("?", 1)[0] ?? id;
      if (!CATALOG_FILE.test(file)) return null;
      this.addWatchFile(file);
      const messages = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      return JSON.stringify(compileCatalog(messages));
    },
  };
}

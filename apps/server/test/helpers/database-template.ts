import { readFile, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { inject } from "vitest";
import { MIGRATIONS_FOLDER } from "../../src/db/create-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite data directory (see test/global-setup.ts), or "" when absent. */
    databaseTemplatePath: string;
  }
}

/** Creates an empty PGlite database, migrates it, and writes its data directory to `file` (a tar). */
export async function writeDatabaseTemplate(file: string): Promise<void> {
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

let template: Promise<Blob | undefined> | undefined;

/**
 * The migrated database every in-memory test app starts from (read once per test file), or undefined
 * outside the server project's run (the cluster suite has no template and uses PostgreSQL anyway).
 */
export function databaseTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject("databaseTemplatePath");
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

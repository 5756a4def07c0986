import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./create-database";
import { rowsOf } from "./rows";

/**
 * Statements prepared once per database (named statements: each connection parses and plans them
 * once), built on first use: `const pages = preparedPerDatabase((db) => ({ … .prepare("name") }))`,
 * then `pages(db).newest.execute({ … })`. The names must be unique in the app.
 */
export function preparedPerDatabase<TStatements>(
  prepare: (db: Database) => TStatements,
): (db: Database) => TStatements {
  const byDatabase = new WeakMap<Database, TStatements>();
  return (db) => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = prepare(db);
      byDatabase.set(db, statements);
    }
    return statements;
  };
}

const dialect = new PgDialect();

/**
 * Runs a raw `query` (one drizzle's builder cannot express, as `preparedPerDatabase` prepares) as the
 * prepared statement `name` on PostgreSQL: parsed, analysed and planned once per
 * connection instead of on every call, which for the direct-message send statement (six CTEs) is most
 * of its cost (bench B5: 2.5 ms a call unnamed, 1.1 ms prepared). On PGlite every statement is already
 * prepared by its text (`patches/pglite-named-statements.ts`). The text must not change between calls: every
 * value goes in a parameter (arrays for a batch of rows).
 */
export async function executePrepared<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name, text, values: params })).rows as T[];
}

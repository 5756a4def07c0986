import type { Database } from "./create-database";

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

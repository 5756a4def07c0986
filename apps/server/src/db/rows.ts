/**
 * The rows of a `db.execute` result: node-postgres answers `{ rows }`, PGlite's drizzle driver the array
 * itself.
 */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

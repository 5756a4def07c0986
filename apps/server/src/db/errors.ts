/** PostgreSQL's unique_violation (23505), found through drizzle's wrapping (`cause`) on both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ("code" in current && current.code === "23505") return true;
  }
  return false;
}

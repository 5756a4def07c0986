import { SKELETON_FROM, SKELETON_PAIRS, SKELETON_TO } from "@heartline/shared";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

const LITERAL = /^[a-z0-9]+$/;
const literal = (text: string) => {
  // Inlined, not bound: the index on this expression matches only a query that spells it the same.
  if (!LITERAL.test(text)) throw new Error(`not a plain skeleton literal: ${text}`);
  return `'${text}'`;
};

/**
 * `usernameSkeleton` of the shared domain (issue #14) in SQL over a lower-cased username column: the
 * same steps in the same order (separators dropped, letter pairs folded, confusable characters
 * translated), with the constants inlined so that `user_username_skeleton_idx` serves the look-alike
 * check.
 */
export function usernameSkeletonSql(column: AnyPgColumn): SQL {
  let expression = sql`replace(replace(${column}, '_', ''), '-', '')`;
  for (const [pair, letter] of SKELETON_PAIRS) {
    expression = sql`replace(${expression}, ${sql.raw(literal(pair))}, ${sql.raw(literal(letter))})`;
  }
  return sql`translate(${expression}, ${sql.raw(literal(SKELETON_FROM))}, ${sql.raw(literal(SKELETON_TO))})`;
}

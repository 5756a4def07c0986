import type { z } from "zod";

/**
 * Test helpers that look inside zod 4 schemas (`_zod.def`): which string schemas a schema tree holds and
 * which patterns it runs. Used by the ReDoS and length-cap tests; nothing in the app imports this.
 */

export type AnySchema = z.core.$ZodType;

export function isSchema(value: unknown): value is AnySchema {
  return typeof value === "object" && value !== null && "_zod" in value;
}

interface LooseDef {
  type: string;
  checks?: AnySchema[];
  pattern?: unknown;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  keyType?: unknown;
  valueType?: unknown;
  items?: unknown[];
  rest?: unknown;
  check?: string;
  abort?: boolean;
  maximum?: number;
}

export function defOf(schema: AnySchema): LooseDef {
  return schema._zod.def as unknown as LooseDef;
}

/** The schemas directly inside `schema` (object fields, wrapped types, pipe ends, union options…), by path. */
function children(schema: AnySchema): [string, unknown][] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape ?? {}).map(([key, value]) => [`.${key}`, value]);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return [["", def.innerType]];
    case "array":
      return [["[]", def.element]];
    case "pipe":
      return [
        ["|in", def.in],
        ["|out", def.out],
      ];
    case "union":
      return (def.options ?? []).map((option, index) => [`|${index}`, option]);
    case "intersection":
      return [
        ["&left", def.left],
        ["&right", def.right],
      ];
    case "record":
      return [
        ["{key}", def.keyType],
        ["{value}", def.valueType],
      ];
    case "tuple":
      return [
        ...(def.items ?? []).map((item, index): [string, unknown] => [`[${index}]`, item]),
        ["[...]", def.rest],
      ];
    default:
      return [];
  }
}

/**
 * Every string schema in the tree, once each. A pipe that starts from a string schema counts as one string
 * schema (its `in` holds the cap, its `out` the format) and is not split further.
 */
export function stringSchemasIn(root: AnySchema, rootPath: string): Map<AnySchema, string> {
  const found = new Map<AnySchema, string>();
  const seen = new Set<AnySchema>();
  const visit = (schema: AnySchema, path: string) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    const isStringPipe = def.type === "pipe" && isSchema(def.in) && defOf(def.in).type === "string";
    if (def.type === "string" || isStringPipe) {
      found.set(schema, path);
      return;
    }
    for (const [suffix, child] of children(schema)) {
      if (isSchema(child)) visit(child, path + suffix);
    }
  };
  visit(root, rootPath);
  return found;
}

/** Every RegExp the tree can run: string formats (`z.uuid()`), `.regex()` checks, at any depth. */
export function patternsIn(root: AnySchema): RegExp[] {
  const patterns: RegExp[] = [];
  const seen = new Set<AnySchema>();
  const visit = (schema: AnySchema) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    if (def.pattern instanceof RegExp) patterns.push(def.pattern);
    for (const check of def.checks ?? []) {
      const checkDef = defOf(check);
      if (checkDef.pattern instanceof RegExp) patterns.push(checkDef.pattern);
    }
    for (const [, child] of children(schema)) {
      if (isSchema(child)) visit(child);
    }
  };
  visit(root);
  return patterns;
}

/** The first check a string schema runs (for a string pipe: the first check of its `in`). */
export function firstCheckOf(stringSchema: AnySchema): LooseDef | undefined {
  const def = defOf(stringSchema);
  const target = def.type === "pipe" && isSchema(def.in) ? def.in : stringSchema;
  const first = defOf(target).checks?.[0];
  return first === undefined ? undefined : defOf(first);
}

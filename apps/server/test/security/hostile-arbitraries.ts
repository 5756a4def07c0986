import fc from "fast-check";
import type { z } from "zod";

/**
 * fast-check arbitraries built from the shared zod 4 schemas (objects, strings with their limits and
 * patterns, enums, literals, numbers, booleans, arrays, optionals, defaults, nullables, unions, pipes),
 * with a hostile value mixed in at every level.
 */

/** Just under socket.io's 64 KB message limit once JSON-encoded (larger ones are a separate case). */
export const LARGE_STRING = "a".repeat(40_000);
/** Over every limit we have: HTTP bodies get it; on a socket it is over the 64 KB message limit. */
export const HUGE_STRING = "\u202E".repeat(40_000) + "b".repeat(100_000);

/** Real own keys `__proto__`, `constructor`, `prototype` (an object literal would set the prototype). */
export const PROTOTYPE_KEYS_OBJECT: unknown = JSON.parse(
  '{"__proto__":{"isAdmin":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}',
);

function nested(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** A nesting depth that every JSON parser here takes, but a naive recursive walk would feel. */
export const DEEP_ARRAY = nested(1_000, "array");
export const DEEP_OBJECT = nested(1_000, "object");

export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "\uD800",
  "\uDFFF\uD800",
  "\uFEFF",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../../etc/passwd",
  "/uploads/../../etc/passwd",
  "%00",
  "$" + "{7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "00000000-0000-0000-0000-000000000000",
  LARGE_STRING,
] as const;

/** Any one hostile value: strings, wrong types, prototype keys, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    ...HOSTILE_STRINGS,
    null,
    true,
    false,
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    [],
    {},
    [1, "two", null],
    PROTOTYPE_KEYS_OBJECT,
    [PROTOTYPE_KEYS_OBJECT],
    DEEP_ARRAY,
    DEEP_OBJECT,
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
);

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}

function defOf(schema: unknown): ZodInternals["_zod"]["def"] {
  return (schema as ZodInternals)._zod.def;
}

function stringArb(def: Record<string, unknown>): fc.Arbitrary<string> {
  if (def.format === "uuid") return fc.uuid();
  let min = 0;
  let max = 60;
  let pattern: RegExp | undefined;
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const c = defOf(check) as unknown as {
      check: string;
      minimum?: number;
      maximum?: number;
      format?: string;
      pattern?: RegExp;
    };
    if (c.check === "min_length" && c.minimum !== undefined) min = c.minimum;
    if (c.check === "max_length" && c.maximum !== undefined) max = c.maximum;
    if (c.check === "string_format" && c.format === "regex" && c.pattern) pattern = c.pattern;
  }
  const boundaries = [min > 0 ? "x".repeat(min - 1) : "", "x".repeat(max), "x".repeat(max + 1)];
  const valid = pattern
    ? fc.stringMatching(pattern).filter((value) => value.length >= min && value.length <= max)
    : fc.string({ minLength: min, maxLength: Math.min(max, 1_200) });
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...boundaries) });
}

/** Values shaped like `schema` (often valid), with a hostile value at any level now and then. */
export function arbitraryFromSchema(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedArb(schema, depth);
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedArb(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return hostileValue;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        fields[key] = arbitraryFromSchema(field, depth + 1);
        const fieldType = defOf(field).type;
        if (fieldType !== "optional" && fieldType !== "default") required.push(key);
      }
      const record = fc.record(fields, { requiredKeys: required });
      // Extra keys, prototype keys among them, next to the real ones.
      return fc.oneof(
        { weight: 4, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              record,
              fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "extra"), hostileValue),
            )
            .map(([base, extra]) => ({
              ...(JSON.parse(JSON.stringify(extra)) as object),
              ...(base as object),
            })),
        },
        { weight: 1, arbitrary: record.map((value) => [value]) },
      );
    }
    case "string":
      return stringArb(def);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "number":
      return fc.oneof(fc.integer({ min: -5, max: 2_000_000_000 }), fc.double());
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(arbitraryFromSchema(def.element as z.ZodType, depth + 1), { maxLength: 8 });
    case "optional":
    case "default":
      return fc.option(shapedArb(def.innerType, depth), { nil: undefined });
    case "nullable":
      return fc.option(shapedArb(def.innerType, depth), { nil: null });
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => shapedArb(option, depth)));
    case "pipe":
      return shapedArb(def.in, depth);
    default:
      return hostileValue;
  }
}

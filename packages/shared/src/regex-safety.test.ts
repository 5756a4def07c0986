import { checkSync } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { exportedRegExps, exportedSchemas } from "./testing/shared-exports";
import { patternsIn } from "./testing/zod-walk";

/**
 * No regular expression in @heartline/shared may backtrack super-linearly (ReDoS): every pattern it
 * exports, writes in its source or hands to zod (`.regex()`, `z.uuid()`…) is checked by recheck, whose
 * verdict is the proof (no wall-clock timing here). Length caps (string-caps.test.ts) bound the input on
 * top of this; they are not a substitute for it.
 */

declare global {
  interface ImportMeta {
    glob<T>(
      patterns: string[],
      options: { query: "?raw"; import: "default"; eager: true },
    ): Record<string, T>;
  }
}

/** The package's own source (not its tests, not these helpers), as text, by path. */
const SOURCES = import.meta.glob<string>(["./**/*.ts", "!./**/*.test.ts", "!./testing/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

interface FoundPattern {
  where: string;
  regex: RegExp;
}

interface DynamicRegExp {
  where: string;
  /** The exported const the `new RegExp(…)` initialises, if it is one. */
  exportedName: string | undefined;
}

function isExported(statement: ts.VariableStatement): boolean {
  return statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;
}

/** Regex literals and `new RegExp(…)` / `RegExp(…)` calls in one source file. */
function scanSource(path: string, text: string): { literals: FoundPattern[]; dynamic: DynamicRegExp[] } {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const literals: FoundPattern[] = [];
  const dynamic: DynamicRegExp[] = [];
  const where = (node: ts.Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(file);
      const end = literal.lastIndexOf("/");
      literals.push({ where: where(node), regex: new RegExp(literal.slice(1, end), literal.slice(end + 1)) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "RegExp"
    ) {
      const declaration = node.parent;
      const statement = declaration?.parent?.parent;
      const exportedName =
        ts.isVariableDeclaration(declaration) &&
        ts.isIdentifier(declaration.name) &&
        statement !== undefined &&
        ts.isVariableStatement(statement) &&
        isExported(statement)
          ? declaration.name.text
          : undefined;
      dynamic.push({ where: where(node), exportedName });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { literals, dynamic };
}

const scanned = Object.entries(SOURCES).map(([path, text]) => scanSource(path, text));
const dynamicRegExps = scanned.flatMap((file) => file.dynamic);
const exportedPatterns: FoundPattern[] = exportedRegExps().map(([name, regex]) => ({
  where: `export ${name}`,
  regex,
}));
const schemaPatterns: FoundPattern[] = exportedSchemas().flatMap(([name, schema]) =>
  patternsIn(schema).map((regex) => ({ where: `schema ${name}`, regex })),
);

/** One entry per distinct pattern (source + flags), naming every place it was found. */
const ALL_PATTERNS = [
  ...scanned.flatMap((file) => file.literals),
  ...exportedPatterns,
  ...schemaPatterns,
].reduce((byKey, { where, regex }) => {
  const key = `/${regex.source}/${regex.flags}`;
  const entry = byKey.get(key) ?? { key, regex, where: [] as string[] };
  if (!entry.where.includes(where)) entry.where.push(where);
  byKey.set(key, entry);
  return byKey;
}, new Map<string, { key: string; regex: RegExp; where: string[] }>());

describe("every RegExp of @heartline/shared is linear (recheck)", () => {
  it("finds the package's patterns: source literals, exports and zod's own formats", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(10);
    const keys = [...ALL_PATTERNS.keys()];
    for (const [, regex] of exportedRegExps()) expect(keys).toContain(`/${regex.source}/${regex.flags}`);
    // A source literal (not exported), a `.regex()` check and zod's uuid format are all collected.
    expect(ALL_PATTERNS.size).toBeGreaterThanOrEqual(10);
    expect([...ALL_PATTERNS.values()].some((entry) => entry.where.some((w) => w.endsWith("age.ts:8")))).toBe(
      true,
    );
    expect(keys.some((key) => key.includes("[0-9a-fA-F]{8}"))).toBe(true);
  });

  it("builds RegExps at runtime only as exported constants (so the export walk checks them)", () => {
    const exported = new Set(exportedRegExps().map(([name]) => name));
    for (const { where, exportedName } of dynamicRegExps) {
      expect({ where, exportedName: exportedName !== undefined && exported.has(exportedName) }).toEqual({
        where,
        exportedName: true,
      });
    }
  });

  it.each([...ALL_PATTERNS.values()].map((entry) => [entry.key, entry] as const))(
    "%s is safe",
    (_key, { regex, where }) => {
      // The seed is fixed (recheck's default 0) so a fuzzing verdict is reproducible; no time limit, so a
      // slow shared machine cannot turn "safe" into "unknown".
      const diagnostics = checkSync(regex.source, regex.flags, { timeout: null, randomSeed: 0 });
      const attack = diagnostics.status === "vulnerable" ? diagnostics.attack.pattern : undefined;
      expect({ where, status: diagnostics.status, attack }).toEqual({
        where,
        status: "safe",
        attack: undefined,
      });
    },
    60_000,
  );
});

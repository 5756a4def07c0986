// B5's pgbench baseline as the single statements PGlite runs: the \set line gone, every :k replaced.
import { describe, expect, it } from "vitest";
import { BASELINE_SCRIPT, scriptRange, scriptStatement } from "./b5-inserts.mjs";
import { USERS } from "./b5-seed.mjs";

describe("scriptStatement", () => {
  it("drops the \\set line and puts k in every place of :k, leaving casts alone", () => {
    const statement = scriptStatement("\\set k random(1, 9)\nselect (:k)::text, :k + 1, ':kk';\n", 42);
    expect(statement).toBe("select (42)::text, 42 + 1, ':kk';");
  });

  it("leaves no pgbench variable in the baseline", () => {
    const statement = scriptStatement(BASELINE_SCRIPT, 7);
    expect(statement).not.toMatch(/:k\b|\\set/);
    expect(statement).toContain("'c' || 7,");
  });
});

describe("scriptRange", () => {
  it("reads the range of k from the script", () => {
    expect(scriptRange(BASELINE_SCRIPT)).toEqual({ low: 1, high: USERS });
  });

  it("refuses a script without a \\set k line", () => {
    expect(() => scriptRange("select 1")).toThrow("no \\set k random(low, high) line");
  });
});

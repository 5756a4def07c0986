// B5's pgbench scripts as the single statements PGlite runs: the \set line gone, every :k replaced.
import { describe, expect, it } from "vitest";
import { BASELINE_SCRIPT, SEND_SCRIPT, scriptRange, scriptStatement } from "./b5-measure.mjs";
import { USERS } from "./b5-seed.mjs";

describe("scriptStatement", () => {
  it("drops the \\set line and puts k in every place of :k, leaving casts alone", () => {
    const statement = scriptStatement("\\set k random(1, 9)\nselect (:k)::text, :k + 1, ':kk';\n", 42);
    expect(statement).toBe("select (42)::text, 42 + 1, ':kk';");
  });

  it("leaves no pgbench variable in the send statement", () => {
    const statement = scriptStatement(SEND_SCRIPT, 7);
    expect(statement).not.toMatch(/:k\b|\\set/);
    expect(statement).toContain("lpad((7 + 1)::text, 7, '0')");
  });
});

describe("scriptRange", () => {
  it("reads the range of k from each script", () => {
    expect(scriptRange(BASELINE_SCRIPT)).toEqual({ low: 1, high: USERS });
    expect(scriptRange(SEND_SCRIPT)).toEqual({ low: 2, high: USERS - 1 });
  });

  it("refuses a script without a \\set k line", () => {
    expect(() => scriptRange("select 1")).toThrow("no \\set k random(low, high) line");
  });
});

// The shared judging helpers of B1 and B3's ladders, on hand-made steps.
import { describe, expect, it } from "vitest";
import { GENERATOR_LIMITS, generatorSaturated, topOfRun } from "./stats.mjs";

const step = (rate, ok, extra = {}) => ({ rate, ran: true, ok, invalid: false, ...extra });
const passes = (entry) => entry.ok;

describe("topOfRun", () => {
  it("stops at the first step that fails, whatever passes above it", () => {
    const run = topOfRun([step(1, true), step(2, false), step(3, true)], passes);
    expect(run).toEqual({ top: step(1, true), endedBy: "server" });
  });

  it("says the generator ended the run when the first failing step was invalid", () => {
    const run = topOfRun([step(1, true), step(2, false, { invalid: true }), step(3, true)], passes);
    expect(run).toEqual({ top: step(1, true), endedBy: "generator" });
  });

  it("says the ladder ended the run when every step passed, and counts a step not run as a failure", () => {
    expect(topOfRun([step(1, true), step(2, true)], passes)).toEqual({
      top: step(2, true),
      endedBy: "ladder",
    });
    const notRun = { rate: 3, ran: false };
    expect(topOfRun([step(1, true), notRun], passes)).toEqual({ top: step(1, true), endedBy: "server" });
    expect(topOfRun([step(1, false)], passes)).toEqual({ top: undefined, endedBy: "server" });
  });
});

describe("generatorSaturated", () => {
  it("flags a step by the generator's CPU share or by its event-loop lag, and a step with no lag reading", () => {
    const ms = 1_000;
    expect(generatorSaturated({ cpuMs: 500, ms, lagP99Ms: 3 })).toBe(false);
    expect(generatorSaturated({ cpuMs: GENERATOR_LIMITS.cpuShare * ms, ms, lagP99Ms: 3 })).toBe(true);
    expect(generatorSaturated({ cpuMs: 100, ms, lagP99Ms: GENERATOR_LIMITS.lagP99Ms + 0.1 })).toBe(true);
    expect(generatorSaturated({ cpuMs: 100, ms, lagP99Ms: Number.NaN })).toBe(true);
  });
});

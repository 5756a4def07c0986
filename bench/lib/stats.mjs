// Small helpers shared by the benchmarks: medians, number formatting, the machine and the commit.
import { execFileSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";

/** The median of the finite values; NaN when there are none. */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** 1234.5 → "1,235"; digits for small values ("0.82"). */
export function formatNumber(value, digits = 0) {
  if (!Number.isFinite(value)) return "n/a";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function run(command, args) {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

export function describeMachine() {
  return {
    nproc: run("nproc", []),
    cpuModel: cpus()[0]?.model ?? "unknown",
    ramGiB: totalmem() / 1024 ** 3,
    node: process.version,
    loadAverage: loadavg(),
  };
}

export function describeCommit(root) {
  const commit = run("git", ["-C", root, "rev-parse", "--short", "HEAD"]);
  const dirty = run("git", ["-C", root, "status", "--porcelain"]);
  return dirty && dirty !== "unknown" ? `${commit} (with uncommitted changes)` : commit;
}

/**
 * A load generator is saturated during a step when it used this share of its core, or its event loop
 * ran this late at p99 (its clock readings, and so the latencies, are then late as much).
 */
export const GENERATOR_LIMITS = { cpuShare: 0.9, lagP99Ms: 20 };

/** Did the generator saturate in a step of `ms` where it used `cpuMs` and its loop lag p99 was `lagP99Ms`? */
export function generatorSaturated({ cpuMs, ms, lagP99Ms }) {
  // No lag reading at all (the loop never ran the monitor's timer) counts as late.
  return cpuMs / ms >= GENERATOR_LIMITS.cpuShare || !(lagP99Ms <= GENERATOR_LIMITS.lagP99Ms);
}

/**
 * The top of the run of steps from the bottom that pass `test` (a step above one that failed does not
 * count), and what ended the run: "generator" (an invalid step: a lower bound), "server" or "ladder"
 * (every step passed: the limit is higher than offered). Steps are { ran, invalid, … }.
 */
export function topOfRun(steps, test) {
  let top;
  for (const step of steps) {
    if (!step.ran || !test(step)) return { top, endedBy: step.ran && step.invalid ? "generator" : "server" };
    top = step;
  }
  return { top, endedBy: "ladder" };
}

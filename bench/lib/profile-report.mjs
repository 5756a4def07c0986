// The "why" of a missed target in RESULTS.md: a run's CPU profiles (`--profile`) of the candidate and
// its baseline over the same measured windows, per unit of work, the categories where the candidate
// spends more, and the next step for the largest of them.

import { SAMPLING_INTERVAL_US } from "./cpu-profile.mjs";
import { extraOverBaseline } from "./profile-summary.mjs";
import { formatNumber } from "./stats.mjs";

const TOP_CATEGORIES = 9;
const TOP_FUNCTIONS = 6;
const NEXT_STEPS_SHOWN = 2;

const round = (value) => (value >= 10 ? formatNumber(value, 0) : formatNumber(value, 2));

/**
 * @param {{
 *   title: string,
 *   unit: string,
 *   perUnit: (ms: number, units: number) => number,
 *   candidate: { label: string, summary: object, units: number },
 *   baseline?: { label: string, summary: object, units: number },
 *   window: string,
 *   nextSteps: Record<string, string>,
 * }} profile `nextSteps` by category name, or by function name as `fn:<name>`
 * @returns {string[]} markdown lines
 */
export function renderProfile({ title, unit, perUnit, candidate, baseline, window, nextSteps }) {
  const lines = [
    `**${title}** (this run, \`--profile\`: V8's sampler every ${SAMPLING_INTERVAL_US / 1_000} ms, ${window}; each sample charged to the code it was in, a native call to its JavaScript caller):`,
    "",
  ];
  const busy = (side) =>
    `${round(perUnit(side.summary.busyMs, side.units))} ms busy per ${unit} (${formatNumber(side.summary.busyMs, 0)} ms over ${formatNumber(side.units, 0)})`;
  const baselineMs = new Map(baseline?.summary.categories.map((item) => [item.name, item.ms]) ?? []);
  const shown = candidate.summary.categories.slice(0, TOP_CATEGORIES);
  const names = new Set(shown.map((item) => item.name));
  for (const item of baseline?.summary.categories ?? []) {
    if (names.size >= TOP_CATEGORIES + 2) break;
    if (!names.has(item.name) && item.ms / baseline.summary.busyMs >= 0.05) {
      names.add(item.name);
      shown.push({ name: item.name, ms: 0 });
    }
  }
  const share = (ms, total) => `${formatNumber((100 * ms) / Math.max(total, 1e-9), 1)} %`;
  if (baseline) {
    lines.push(
      `| where | ${candidate.label}: ms per ${unit} | share | ${baseline.label}: ms per ${unit} | share |`,
      "|---|---|---|---|---|",
    );
    for (const item of shown) {
      const theirs = baselineMs.get(item.name) ?? 0;
      lines.push(
        `| ${item.name} | ${round(perUnit(item.ms, candidate.units))} | ${share(item.ms, candidate.summary.busyMs)} | ${round(perUnit(theirs, baseline.units))} | ${share(theirs, baseline.summary.busyMs)} |`,
      );
    }
    lines.push(
      `| **all** | **${round(perUnit(candidate.summary.busyMs, candidate.units))}** | | **${round(perUnit(baseline.summary.busyMs, baseline.units))}** | |`,
    );
  } else {
    lines.push(`| where | ${candidate.label}: ms per ${unit} | share |`, "|---|---|---|");
    for (const item of shown) {
      lines.push(
        `| ${item.name} | ${round(perUnit(item.ms, candidate.units))} | ${share(item.ms, candidate.summary.busyMs)} |`,
      );
    }
  }
  lines.push("");
  lines.push(
    `${candidate.label}: ${busy(candidate)}${baseline ? `; ${baseline.label}: ${busy(baseline)}` : ""}.`,
  );
  const hottest = candidate.summary.functions
    .slice(0, TOP_FUNCTIONS)
    .map((item) => `\`${item.name}\` (${item.category}) ${share(item.ms, candidate.summary.busyMs)}`);
  lines.push(`${candidate.label}'s hottest functions (self time): ${hottest.join(", ")}.`);
  const ranked = baseline
    ? extraOverBaseline(candidate, baseline, perUnit)
    : candidate.summary.categories.map((item) => ({
        name: item.name,
        extra: perUnit(item.ms, candidate.units),
      }));
  if (baseline) {
    const extras = ranked
      .slice(0, 5)
      .map((item) => `${item.name} +${round(item.extra)} ms`)
      .join(", ");
    lines.push(`Where ${candidate.label} spends more per ${unit} than ${baseline.label}: ${extras}.`);
    const functions = extraOverBaseline(candidate, baseline, perUnit, "functions").slice(0, TOP_FUNCTIONS);
    lines.push(
      `By function (self time): ${functions.map((item) => `\`${item.name}\` (${item.category}) +${round(item.extra)} ms`).join(", ")}.`,
    );
    // A function with a next step of its own (`fn:<name>`) among the largest differences comes first.
    const named = functions.find((item) => nextSteps[`fn:${item.name}`]);
    if (named) lines.push(`- Next step (\`${named.name}\`): ${nextSteps[`fn:${named.name}`]}`);
  }
  const steps = ranked.filter((item) => nextSteps[item.name]).slice(0, NEXT_STEPS_SHOWN);
  for (const item of steps) lines.push(`- Next step (${item.name}): ${nextSteps[item.name]}`);
  lines.push("");
  return lines;
}

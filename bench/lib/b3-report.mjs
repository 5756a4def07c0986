// Renders B3's figures for bench/RESULTS.md: one cell for the summary table, one section of details.
import { formatNumber as n } from "./stats.mjs";

const ms = (value) => `${n(value, 1)} ms`;

function verdictOf(result) {
  const failed = Object.entries(result.passes)
    .filter(([, passed]) => !passed)
    .map(([bar]) => bar);
  return failed.length === 0 ? "pass" : `**miss** (${failed.join(", ")})`;
}

function cellFor(result) {
  const { candidate: c } = result;
  return (
    `${result.label}: ${n(c.matchedPerSecond)} matches/s (${n(c.pairsPerSecond)} pairs/s), ` +
    `p99 ${ms(c.pairingP99Ms)}, ${c.selfMatches}/${c.doubleMatches}/${c.preferenceViolations} ` +
    `self/double/preference, ${n(result.ratio, 2)}× baseline → ${verdictOf(result)}`
  );
}

function modeTable(result) {
  const { baseline: b, candidate: c } = result;
  const row = (label, pick, format) => `| ${label} | ${format(pick(b))} | ${format(pick(c))} |`;
  return [
    `#### ${result.label}`,
    "",
    "| figure (median of the rounds) | baseline: FIFO in bare Socket.IO | Heartline |",
    "|---|---|---|",
    row("matches/s at 2,000 joins/s (clients matched per second)", (s) => s.matchedPerSecond, n),
    row("pairs/s at 2,000 joins/s", (s) => s.pairsPerSecond, n),
    row(
      "join→matched p50 / p99, from the later join of the pair",
      (s) => s,
      (s) => `${ms(s.pairingP50Ms)} / ${ms(s.pairingP99Ms)}`,
    ),
    row(
      "join→matched p50 / p99, including the wait for a compatible partner",
      (s) => s,
      (s) => `${ms(s.waitP50Ms)} / ${ms(s.waitP99Ms)}`,
    ),
    row(
      "server CPU per 1,000 matches",
      (s) => s.cpuMsPerThousandMatched,
      (v) => ms(v),
    ),
    row(
      "self / double / preference violations (all rounds)",
      (s) => s,
      (s) => `${s.selfMatches} / ${s.doubleMatches} / ${s.preferenceViolations}`,
    ),
    row(
      "error acks; schedule slots with no free client",
      (s) => s,
      (s) => `${s.ackErrors}; ${s.skippedNoFreeClient}`,
    ),
    row(
      "connecting 2,000 clients",
      (s) => s.connectMs,
      (v) => ms(v),
    ),
    "",
    `Ratio to the baseline: ${n(result.ratio, 2)}× matches/s; ${n(result.cpuRatio, 1)}× CPU per match. ` +
      `Verdict: ${verdictOf(result)}.`,
    "",
    "| join rate (per s) | baseline matches/s | Heartline matches/s | baseline p99 | Heartline p99 |",
    "|---|---|---|---|---|",
    ...c.steps.map((step, index) => {
      const base = b.steps[index];
      return `| ${n(step.rate)} | ${n(base.matchedPerSecond)} | ${n(step.matchedPerSecond)} | ${ms(base.pairingP99Ms)} | ${ms(step.pairingP99Ms)} |`;
    }),
    ...(c.ackErrorSamples.length > 0
      ? ["", `Error acks seen: \`${JSON.stringify(c.ackErrorSamples)}\``]
      : []),
    "",
  ].join("\n");
}

export function renderB3(output) {
  const { results, durationMs, config } = output;
  const details = [
    `2,000 socket.io clients (websocket) with random genders and preferences (seeded, the same crowd for`,
    `baseline and candidate within a round). Joins go out on an open-loop schedule of`,
    `${config.STEPS.map((step) => n(step.rate)).join(" → ")} per second, ${n(config.STEPS[0].ms / 1_000, 1)} s each, after a warm-up of`,
    `${n(config.WARMUP.ms / 1_000, 1)} s at ${n(config.WARMUP.rate)}/s that is checked but not timed; each send comes from the client free`,
    `the longest; "instant next": a matched client is free at once and its next send is \`next\`.`,
    `Server(s) on core 0 (\`taskset -c 0\`), load generator on core 1; baseline and candidate alternate`,
    `(${config.ROUNDS} rounds, A B A B); figures are medians of the rounds. Run time ${n(durationMs / 1_000)} s.`,
    "",
    "- *matches/s* counts clients that got `matched` per second during the 2,000 joins/s step (a pair is",
    "  two matches; pairs/s is shown too). The schedule caps it at the join rate.",
    "- *join→matched from the later join of the pair* is the bar's latency: the time from the moment a",
    "  pair became possible (the later of the two scheduled sends, or the end of their rematch cooldown)",
    "  to each side receiving `matched`. The wait for a compatible person to arrive at all depends on the",
    "  crowd, not on the server; it is shown separately.",
    "- Every `matched` is checked: partner ≠ self; the client was searching (not already paired); both",
    "  sides name each other under one room id; each one's preference accepts the other's gender.",
    "",
    ...results.map(modeTable),
  ].join("\n");
  return {
    measured: results.map(cellFor).join("<br>"),
    details,
  };
}

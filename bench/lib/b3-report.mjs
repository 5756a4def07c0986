// Renders B3's figures for bench/RESULTS.md: one cell for the summary table, one section of details.
import { LOAD_CORE, SERVER_CORE } from "./processes.mjs";
import { renderProfile } from "./profile-report.mjs";
import { GENERATOR_LIMITS, formatNumber as n } from "./stats.mjs";

const ms = (value) => `${n(value, 1)} ms`;

function verdictOf(result) {
  const failed = Object.entries(result.passes)
    .filter(([, passed]) => !passed)
    .map(([bar]) => bar);
  // No capacity to compare (a generator gave out before any step was kept up): the ratio is not measured.
  const ratio = Number.isFinite(result.ratio)
    ? ""
    : "; ratio **not measured** (the generator gave out first)";
  const others = failed.filter((bar) => Number.isFinite(result.ratio) || bar !== "ratio");
  return `${others.length === 0 ? "pass" : `**miss** (${others.join(", ")})`}${ratio}`;
}

/** "4,000 joins/s (3,990 matches/s)", "≥ …" when the ladder's top was kept up or the generator stopped it. */
function capacityText(capacity) {
  if (capacity.rate === 0)
    return `kept up with no step (${capacity.endedBy === "generator" ? "the generator was saturated or starved" : "the matcher fell behind"})`;
  const prefix = capacity.endedBy === "server" ? "" : "≥ ";
  const why = capacity.endedBy === "generator" ? ", then the generator could not offer more" : "";
  return `${prefix}${n(capacity.rate)} joins/s (${n(capacity.matchedPerSecond)} matches/s${why})`;
}

function cellFor(result) {
  const { candidate: c, baseline: b } = result;
  return (
    `${result.label}: capacity ${capacityText(c.capacity)} against the baseline's ${capacityText(b.capacity)} = ${n(result.ratio, 2)}×; ` +
    `join→matched p99 ${ms(c.pairingP99Ms)} over the 200 → 2,000/s ramp (${n(c.pairingSamples)} samples), ` +
    `${c.selfMatches}/${c.doubleMatches}/${c.preferenceViolations} self/double/preference, ` +
    `a shared language in ${n(c.sharedLanguageShare * 100, 1)} % of the pairs where both gave languages (random pairing ${n(c.randomPairingLanguageShare * 100, 1)} %) → ${verdictOf(result)}`
  );
}

function capacityTable(label, summary) {
  const { capacity } = summary;
  return [
    `${label}, round ${capacity.round + 1} (the median run; highest step kept up per round: ${capacity.rates.map((rate) => `${n(rate)}/s`).join(", ")}):`,
    "",
    "| join rate | matches/s | join→matched p50 / p99 (samples) | slots with no free client | server CPU | generator CPU | generator lag p99 | step |",
    "|---|---|---|---|---|---|---|---|",
    ...capacity.steps.map((step) => {
      if (!step.ran) return `| ${n(step.rate)} | — | — | — | — | — | — | not run (the ramp stopped) |`;
      const verdict = step.invalid
        ? `invalid: the generator could not offer it (${step.skipped > 0 ? `${n(step.skipped)} slots without a free client` : `loop lag p99 ${ms(step.generatorLagP99Ms)}, CPU ${n(step.generatorCpuPercent)} %`})`
        : step.keptUp
          ? step.rate <= capacity.rate
            ? "kept up"
            : "kept up, above a step not kept up: not counted"
          : "✗ fell behind";
      return `| ${n(step.rate)}${step.capacity ? "" : " (bar ramp)"} | ${n(step.matchedPerSecond)} | ${ms(step.pairing.p50Ms)} / ${ms(step.pairing.p99Ms)} (${n(step.pairing.count)}) | ${n(step.skipped)} | ${n(step.serverCpuPercent)} % | ${n(step.generatorCpuPercent)} % | ${ms(step.generatorLagP99Ms)} | ${verdict} |`;
    }),
    "",
  ].join("\n");
}

function modeTable(result) {
  const { baseline: b, candidate: c } = result;
  const row = (label, pick, format) => `| ${label} | ${format(pick(b))} | ${format(pick(c))} |`;
  return [
    `#### ${result.label}`,
    "",
    ...(result.pinning
      ? [`Pinning: servers and ${result.pinning}; the load generator on core ${LOAD_CORE}.`, ""]
      : []),
    "| figure (median of the rounds) | baseline: FIFO in bare Socket.IO | Heartline |",
    "|---|---|---|",
    row(
      "capacity: highest join rate kept up (every lower step too), median run",
      (s) => s.capacity,
      capacityText,
    ),
    row("matches/s at 2,000 joins/s (clients matched per second)", (s) => s.matchedPerSecond, n),
    row("pairs/s at 2,000 joins/s", (s) => s.pairsPerSecond, n),
    row(
      "join→matched p50 / p99, from the later join of the pair",
      (s) => s,
      (s) => `${ms(s.pairingP50Ms)} / ${ms(s.pairingP99Ms)} (${n(s.pairingSamples)} samples, 200 → 2,000/s)`,
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
      "pairs sharing a language, of those where both gave languages (random compatible pairs of the crowd)",
      (s) => s,
      (s) =>
        `${n(s.sharedLanguageShare * 100, 1)} % of ${n(s.languagePairs)} (${n(s.randomPairingLanguageShare * 100, 1)} %)`,
    ),
    row(
      "error acks; schedule slots with no free client",
      (s) => s,
      (s) => `${n(s.ackErrors)}; ${n(s.skippedNoFreeClient)}`,
    ),
    row(
      "connecting 2,000 clients",
      (s) => s.connectMs,
      (v) => ms(v),
    ),
    "",
    `Ratio to the baseline: ${n(result.ratio, 2)}× its capacity in matches/s (${n(result.rampRatio, 2)}× at 2,000 joins/s, ` +
      `where the schedule caps both); ${n(result.cpuRatio, 1)}× CPU per match over the ramp. Verdict: ${verdictOf(result)}.`,
    "",
    "| join rate (per s) | baseline matches/s | Heartline matches/s | baseline p99 (samples) | Heartline p99 (samples) |",
    "|---|---|---|---|---|",
    ...c.steps.map((step, index) => {
      const base = b.steps[index];
      return `| ${n(step.rate)} | ${n(base.matchedPerSecond)} | ${n(step.matchedPerSecond)} | ${ms(base.pairingP99Ms)} (${n(base.samples)}) | ${ms(step.pairingP99Ms)} (${n(step.samples)}) |`;
    }),
    "",
    "The capacity ladder (the bar's ramp, then higher join rates):",
    "",
    capacityTable("Baseline", b),
    capacityTable("Heartline", c),
    ...(c.ackErrorSamples.length > 0
      ? ["", `Error acks seen: \`${JSON.stringify(c.ackErrorSamples)}\``]
      : []),
    "",
    ...profileLines(result),
  ].join("\n");
}

/**
 * What the next step is when a category is where Heartline spends most over the baseline per match
 * (chosen by this run's profile; written from the profiles in bench/PROFILES.md).
 */
const NEXT_STEPS = {
  "socket writes to Redis (the kernel's send)":
    "two nodes: per join, the line's script (EVALSHA) and an XADD for each event to a socket on the other node (the per-user limits' counts go once per turn for every limit, `lib/shared-limit-counts.ts`); send events to the owning node only, and fold a turn's line joins into one script call.",
  "Redis client and the streams adapter":
    "two nodes: every event to a socket on the other node goes through the one stream that every node reads and decodes, its own entries included; send it to the owning node only (a stream per node), and skip decoding the node's own entries.",
  "socket writes to the clients (the kernel's send)":
    "the same events per match as the baseline's (`waiting`, `matched` to both, `partner_left`, the ack) cost more to write: count writes and bytes per match on both sides (Heartline's `waiting` carries the line's figures; its packets to one socket may go out in separate turns, each its own write), then send a match's packets to a socket in one turn.",
  "Socket.IO, Engine.IO, ws":
    "Socket.IO's and Engine.IO's work per packet and per write: it follows the writes (see their line).",
  "garbage collection":
    "allocations per match: the pair record, two per-pair aliases (HMAC), the line's reply (parsed from JSON on two nodes) and the packets; find them with V8's sampling heap profiler over the same ramp.",
  "Heartline's own code":
    "the join and next handlers (`features/random-chat`). Embedded, the memory line reads an index by gender, preference, language and interest (`waiting-index.ts`, issue #35): in the 2026-12-06 profile the line was about 5 % of the node's samples; what is left is per event: the socket middleware (the event limits' promise per event, the NUL check, `runSafely`), the two per-pair aliases (HMAC, about 4 %) and, under `tsx` (how the bench runs the server), esbuild's `__name` on every closure made per event. On two nodes the share is spread thin (no function of ours over 1 % of a node's samples), most of it what each event's packets cost to build.",
  "rate limits (rate-limiter-flexible)":
    "every event spends a point in memory and, on two nodes, in Redis; see the writes to Redis.",
  "Node.js core (the event loop's own work)":
    "microtask and timer turns per match: fewer awaits between a join and its packets.",
};

function profileLines(result) {
  if (!result.profile) return [];
  if (result.profile.error) return [`The profile could not be taken: ${result.profile.error}.`, ""];
  return renderProfile({
    title: "Where the CPU went",
    unit: "1,000 matches",
    perUnit: (value, units) => (value * 1_000) / Math.max(units, 1),
    candidate: result.profile.candidate,
    baseline: result.profile.baseline,
    window: `the steps of the bar's ramp in one more round after the measured ones (a new crowd), profiled${result.label.startsWith("two") ? "; Heartline's two nodes added together, Redis and PostgreSQL not profiled" : ""}`,
    nextSteps: NEXT_STEPS,
  });
}

export function renderB3(output) {
  const { results, durationMs, config } = output;
  const details = [
    `2,000 socket.io clients (websocket) with random genders and preferences (seeded, the same crowd for`,
    `baseline and candidate within a round). Joins go out on an open-loop schedule of`,
    `${config.STEPS.map((step) => n(step.rate)).join(" → ")} per second, ${n(config.STEPS[0].ms / 1_000, 1)} s each, after a warm-up of`,
    `${n(config.WARMUP.ms / 1_000, 1)} s at ${n(config.WARMUP.rate)}/s that is checked but not timed; each send comes from the client free`,
    `the longest; "instant next": a matched client is free at once and its next send is \`next\`.`,
    `Then the open-loop capacity ladder: the join rate keeps climbing, ${config.CAPACITY_STEPS.map((step) => n(step.rate)).join(" → ")} per second`,
    `(${n(config.CAPACITY_STEPS[0].ms / 1_000, 1)} s each${config.FULL ? ", `--full`" : "; `npm run bench -- b3 --full` runs longer steps, a higher ladder and 3 rounds"}), and stops after a step whose matches fell below half its join rate.`,
    `Server(s) on core ${SERVER_CORE} (\`taskset -c ${SERVER_CORE}\`), load generator on core ${LOAD_CORE}; baseline and candidate alternate`,
    `(${config.ROUNDS} rounds, A B A B); figures are medians of the rounds, the capacity ladder is the median run's.`,
    `Setups run: ${config.SETUPS.join(", ")}. Run time ${n(durationMs / 1_000)} s.`,
    "",
    "- *matches/s* counts clients that got `matched` per second during the 2,000 joins/s step (a pair is",
    "  two matches; pairs/s is shown too). The schedule caps it at the join rate, so the ratio to the",
    `  baseline compares capacities: the highest join rate at which the matches per second reached ${n(config.KEPT_UP_SHARE * 100)} % of it,`,
    "  every lower step included; for Heartline, of the baseline's matches in the same step of the same round",
    "  (the same crowd and schedule) where those are fewer: at low rates the crowd's preferences leave some",
    "  joins without a partner inside the step whatever the server. A step where the generator could not offer the rate (no free client for a",
    `  slot, ≥ ${n(GENERATOR_LIMITS.cpuShare * 100)} % of its core, or event-loop lag p99 > ${GENERATOR_LIMITS.lagP99Ms} ms) is invalid and ends the run of steps:`,
    '  the capacity is then a lower bound ("≥"), as it is when the ladder\'s top was kept up.',
    "- *join→matched from the later join of the pair* is the bar's latency: the time from the moment a",
    "  pair became possible (the later of the two scheduled sends, or the end of their rematch cooldown)",
    "  to each side receiving `matched`. The wait for a compatible person to arrive at all depends on the",
    "  crowd, not on the server; it is shown separately.",
    `- ${config.LANGUAGES === false ? "This run's crowd gave no languages (`B3_LANGUAGES=none`); by default the" : "The"} crowd gives "Languages I speak" (issue #39): a quarter none, the others one of the eight by an`,
    "  audience-like mix, often with English, sometimes a third; Heartline ranks a shared language first",
    "  (the baseline ignores it). The share of pairs sharing a language, where both gave languages, is",
    "  shown against random compatible pairs of the same crowd (what pairing blind to languages gives).",
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

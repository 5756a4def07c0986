// B2's figures from the load generator's rounds (medians per server and step), the highest step each
// server held, the ratios to the same-run baseline and the verdicts; and their rendering for
// bench/RESULTS.md (one table cell, one section), in B1's and B3's format.
import { median, formatNumber as n } from "./stats.mjs";

/** BENCHMARKS.md B2 (and the issue): delivery p99 ≤ 20 ms and ≤ 2× the baseline's, ack p99 ≤ 30 ms. */
export const BAR = { deliveryP99Ms: 20, ackP99Ms: 30, baselineRatio: 2, benchmarkRate: 500 };

const ms = (value) => `${n(value, 1)} ms`;
const pick = (runs, get) => median(runs.map(get));

function summariseServer(name, ladders, steps) {
  let allLowerHeld = true;
  let allLowerCarried = true;
  const summaries = steps.map(({ rate }, index) => {
    const runs = ladders.map((ladder) => ladder.steps[index]).filter(Boolean);
    const ranInEveryRound = runs.length === ladders.length && runs.length > 0;
    const total = (key) => runs.reduce((sum, run) => sum + run[key], 0);
    const summary = {
      rate,
      ranInEveryRound,
      ran: runs.length,
      sent: total("sent"),
      samples: pick(runs, (run) => run.delivery.count),
      deliveryP50Ms: pick(runs, (run) => run.delivery.p50Ms ?? Number.NaN),
      deliveryP99Ms: pick(runs, (run) => run.delivery.p99Ms ?? Number.NaN),
      deliveryP999Ms: pick(runs, (run) => run.delivery.p999Ms ?? Number.NaN),
      ackP50Ms: pick(runs, (run) => run.ack.p50Ms ?? Number.NaN),
      ackP99Ms: pick(runs, (run) => run.ack.p99Ms ?? Number.NaN),
      ackP999Ms: pick(runs, (run) => run.ack.p999Ms ?? Number.NaN),
      lost: total("lost"),
      unanswered: total("unanswered"),
      duplicates: total("duplicates"),
      ackErrors: total("ackErrors"),
      ackErrorSamples: runs.flatMap((run) => run.ackErrorSamples).slice(0, 2),
      serverCpuPercent: pick(runs, (run) => run.serverCpuPercent),
      generatorCpuPercent: pick(runs, (run) => run.generatorCpuPercent),
      loopDelayP99Ms: pick(runs, (run) => run.loopDelayP99Ms),
      generatorSaturated: runs.some((run) => run.generatorSaturated),
    };
    // Keeping up is judged on what arrived (none lost, the median bounded), which a stalled generator
    // does not fake; a saturated generator only invalidates the latency bar (marked in the table).
    summary.carriesAll = ranInEveryRound && runs.every((run) => run.carries);
    summary.meetsBar =
      ranInEveryRound &&
      summary.lost === 0 &&
      summary.unanswered === 0 &&
      summary.duplicates === 0 &&
      summary.ackErrors === 0 &&
      summary.deliveryP99Ms <= BAR.deliveryP99Ms &&
      summary.ackP99Ms <= BAR.ackP99Ms &&
      !summary.generatorSaturated;
    // A step is held only if every lower step held too (BENCHMARKS.md method rules); the same for carried.
    summary.holds = allLowerHeld && summary.meetsBar;
    allLowerHeld = summary.holds;
    summary.carries = allLowerCarried && summary.carriesAll;
    allLowerCarried = summary.carries;
    return summary;
  });
  const held = summaries.filter((step) => step.holds).at(-1);
  const carried = summaries.filter((step) => step.carries).at(-1);
  return {
    name,
    steps: summaries,
    held: held ?? null,
    heldRate: held?.rate ?? 0,
    heldTopStep: summaries.at(-1)?.holds === true,
    carried: carried ?? null,
    carriedRate: carried?.rate ?? 0,
    carriedTopStep: summaries.at(-1)?.carries === true,
  };
}

/** The candidate's and baseline's figures of one setup, with ratios and verdicts. */
export function summariseB2(label, output, { steps }) {
  const names = output.rounds[0]?.map((ladder) => ladder.name) ?? [];
  const servers = Object.fromEntries(
    names.map((name) => [
      name,
      summariseServer(
        name,
        output.rounds.map((round) => round.find((ladder) => ladder.name === name)),
        steps,
      ),
    ]),
  );
  const unseated = output.connect.filter((entry) => entry.failed);
  const result = { label, servers, connect: output.connect, strayDeliveries: output.strayDeliveries };
  const c = servers.heartline;
  const b = servers.baseline;
  if (!c || !b) {
    return { ...result, missing: unseated.map((entry) => `${entry.name}: ${entry.failed}`).join("; ") };
  }
  const at = (server, rate) => server.steps.find((step) => step.rate === rate);
  const cAtBar = at(c, BAR.benchmarkRate);
  const bAtBar = at(b, BAR.benchmarkRate);
  const cHeld = c.held;
  const bSame = cHeld ? at(b, cHeld.rate) : undefined;
  const ratios = {
    heldRate: b.heldRate > 0 ? c.heldRate / b.heldRate : Number.NaN,
    carriedRate: b.carriedRate > 0 ? c.carriedRate / b.carriedRate : Number.NaN,
    deliveryP99AtHeld: cHeld && bSame ? cHeld.deliveryP99Ms / bSame.deliveryP99Ms : Number.NaN,
    ackP99AtHeld: cHeld && bSame ? cHeld.ackP99Ms / bSame.ackP99Ms : Number.NaN,
    deliveryP99AtBar: cAtBar && bAtBar ? cAtBar.deliveryP99Ms / bAtBar.deliveryP99Ms : Number.NaN,
  };
  const passes = {
    [`${n(BAR.benchmarkRate)} msg/s held (delivery p99 ≤ ${BAR.deliveryP99Ms} ms, ack p99 ≤ ${BAR.ackP99Ms} ms, none lost)`]:
      c.heldRate >= BAR.benchmarkRate,
    [`delivery p99 ≤ ${BAR.baselineRatio}× baseline at ${n(BAR.benchmarkRate)} msg/s`]:
      ratios.deliveryP99AtBar <= BAR.baselineRatio,
  };
  return { ...result, ratios, passes };
}

function verdictOf(result) {
  const failed = Object.entries(result.passes)
    .filter(([, passed]) => !passed)
    .map(([bar]) => bar);
  return failed.length === 0 ? "pass" : `**miss** (${failed.join("; ")})`;
}

function heldText(server) {
  if (!server.held) {
    const first = server.steps[0];
    return `held no step (at ${n(first.rate)} msg/s delivery p99 ${ms(first.deliveryP99Ms)}, ack p99 ${ms(first.ackP99Ms)})`;
  }
  return `${server.heldTopStep ? "≥ " : ""}${n(server.held.rate)} msg/s`;
}

function carriedText(server) {
  if (!server.carried) return "kept up with no step";
  const step = server.carried;
  return `${server.carriedTopStep ? "≥ " : ""}${n(step.rate)} msg/s (p50 ${ms(step.deliveryP50Ms)}, p99 ${ms(step.deliveryP99Ms)})`;
}

function cellFor(result, config) {
  const { servers } = result;
  if (!servers.heartline || !servers.baseline) return `${result.label}: **not measured** (${result.missing})`;
  const c = servers.heartline;
  const b = servers.baseline;
  const figures = c.held
    ? `${heldText(c)} held over ${n(config.PAIRS)} pairs, delivery p99 ${ms(c.held.deliveryP99Ms)}, ack p99 ${ms(c.held.ackP99Ms)}`
    : `Heartline ${heldText(c)}`;
  return (
    `${result.label}: ${figures}, kept up to ${carriedText(c)}; the relay baseline ${heldText(b)}, kept up to ${carriedText(b)}: ` +
    `${n(result.ratios.heldRate, 2)}× its held rate, ${n(result.ratios.carriedRate, 2)}× its rate kept up, ` +
    `delivery p99 ${n(result.ratios.deliveryP99AtBar, 1)}× its at ${n(BAR.benchmarkRate)} msg/s → ${verdictOf(result)}`
  );
}

function stepCell(step) {
  if (!step.ranInEveryRound)
    return step.ran > 0 ? `${ms(step.deliveryP99Ms)} / ${ms(step.ackP99Ms)} (not every round)` : "not run";
  const problems = [
    step.lost > 0 ? `${n(step.lost)} lost` : "",
    step.unanswered > 0 ? `${n(step.unanswered)} unacked` : "",
    step.ackErrors > 0 ? `${n(step.ackErrors)} error acks` : "",
    step.duplicates > 0 ? `${n(step.duplicates)} duplicates` : "",
    step.generatorSaturated ? "generator saturated" : "",
  ].filter(Boolean);
  return `${ms(step.deliveryP99Ms)} / ${ms(step.ackP99Ms)}${problems.length ? ` (${problems.join(", ")})` : ""}${step.holds ? "" : " ✗"}`;
}

function modeSection(result, config) {
  const { servers } = result;
  if (!servers.heartline || !servers.baseline) {
    return [`#### ${result.label}`, "", `Not measured: ${result.missing}.`, ""].join("\n");
  }
  const c = servers.heartline;
  const b = servers.baseline;
  const connect = (name) => result.connect.find((entry) => entry.name === name);
  const row = (label, format) => `| ${label} | ${format(b)} | ${format(c)} |`;
  const atHeld = (s) =>
    s.held
      ? `${ms(s.held.deliveryP50Ms)} / ${ms(s.held.deliveryP99Ms)} / ${ms(s.held.deliveryP999Ms)} (${n(s.held.samples)} samples)`
      : "n/a";
  const ackAtHeld = (s) =>
    s.held ? `${ms(s.held.ackP50Ms)} / ${ms(s.held.ackP99Ms)} / ${ms(s.held.ackP999Ms)}` : "n/a";
  return [
    `#### ${result.label}`,
    "",
    `| figure (median of ${config.ROUNDS} rounds) | baseline: bare Socket.IO relay + INSERT | Heartline |`,
    "|---|---|---|",
    row("highest step held (messages/s over all pairs)", heldText),
    row(
      `highest step kept up, latency bar aside (everything acked and delivered, p50 ≤ ${n(config.CARRY_P50_MS)} ms)`,
      carriedText,
    ),
    row("delivery p50 / p99 / p99.9 at the step held", atHeld),
    row("ack (after commit) p50 / p99 / p99.9 at the step held", ackAtHeld),
    row("server CPU at the step held", (s) => (s.held ? `${n(s.held.serverCpuPercent)} %` : "n/a")),
    row(`connecting ${n(config.PAIRS * 2)} sockets`, (s) => ms(connect(s.name)?.connectMs)),
    "",
    `Ratios: ${n(result.ratios.heldRate, 2)}× the baseline's held rate and ${n(result.ratios.carriedRate, 2)}× the rate it kept up with; at Heartline's held step ` +
      `${n(result.ratios.deliveryP99AtHeld, 1)}× its delivery p99 and ${n(result.ratios.ackP99AtHeld, 1)}× its ack p99; ` +
      `at ${n(BAR.benchmarkRate)} msg/s (BENCHMARKS.md's 500 pairs × 1/s) ${n(result.ratios.deliveryP99AtBar, 1)}× its delivery p99. ` +
      `Verdict: ${verdictOf(result)}.`,
    "",
    "| msg/s | per pair | baseline delivery / ack p99 | Heartline delivery / ack p99 | baseline server CPU | Heartline server CPU | generator CPU (Heartline) |",
    "|---|---|---|---|---|---|---|",
    ...config.STEPS.map((_, index) => {
      const bs = b.steps[index];
      const cs = c.steps[index];
      const cpu = (step) => (step.ran > 0 ? `${n(step.serverCpuPercent)} %` : "—");
      return `| ${n(cs.rate)} | ${n(cs.rate / config.PAIRS, 2)}/s | ${stepCell(bs)} | ${stepCell(cs)} | ${cpu(bs)} | ${cpu(cs)} | ${cs.ran > 0 ? `${n(cs.generatorCpuPercent)} %` : "—"} |`;
    }),
    "",
    ...(c.steps.some((step) => step.ackErrorSamples.length > 0)
      ? [
          `Error acks seen: \`${JSON.stringify(c.steps.flatMap((step) => step.ackErrorSamples).slice(0, 2))}\``,
          "",
        ]
      : []),
  ].join("\n");
}

export function renderB2(output) {
  const { results, durationMs, config, loadAverage } = output;
  const details = [
    `${n(config.PAIRS)} pairs of registered, verified people (user and session rows seeded into the database before`,
    "the server starts, bench/lib/b2-seed-users.mjs), both of each pair connected; on two nodes every sender is",
    "on node 1 and every receiver on node 2, so every delivery and no ack crosses nodes. The senders send",
    `${config.MESSAGE_BYTES}-byte \`direct_message\`s (client uuid, \`type: "text"\`) on an open-loop schedule, round-robin over the`,
    `pairs, rising ${config.STEPS.map((step) => n(step.rate)).join(" → ")} messages/s (${n(config.STEPS[0].ms / 1_000, 1)} s each, after a`,
    `${n(config.WARMUP.ms / 1_000, 1)} s warm-up at ${n(config.WARMUP.rate)}/s); latencies count from the intended send time: *delivery* to the receiver's`,
    "`direct_message` push, *ack* to the sender's `{ ok: true }` (Heartline acks after the commit). Baseline in the",
    "same run (bench/baselines/b2-socketio-relay.mjs): bare Socket.IO that INSERTs the row (the same columns and",
    "indexes) into the same database kind (PGlite embedded; the same PostgreSQL database through `pg`, and the same",
    "Redis streams adapter, on two nodes), then acks and emits to the peer's `user:{id}` room. Servers on core 0",
    "(`taskset -c 0`; on two nodes Redis and the database's PostgreSQL backends too), the load generator (plain `ws` connections speaking",
    `the Socket.IO protocol) on core 1; ladders alternate baseline, Heartline (${config.ROUNDS} rounds); figures are medians.`,
    `Run time ${n(durationMs / 1_000)} s; load average when B2 started ${loadAverage.map((v) => n(v, 2)).join(", ")} on 2 cores (the machine was shared).`,
    "",
    `- A step is *held* when every message was acked and delivered exactly once, the delivery p99 was ≤ ${BAR.deliveryP99Ms} ms, the`,
    `  ack p99 ≤ ${BAR.ackP99Ms} ms, the generator was not saturated, and every lower step held. A step is *kept up with*`,
    `  when the same holds latency bar aside (a delivery p50 ≤ ${n(config.CARRY_P50_MS)} ms instead): on shared cores one stall decides`,
    "  a low step's p99, so the ladder goes on until the server stops keeping up (after waiting up to",
    `  ${n(config.DRAIN_MS / 1_000)} s for what was in flight), and both rates are compared. "≥" marks a ladder's top step.`,
    config.FULL
      ? "- Steps under 250 msg/s last 6 s and so have fewer than 1,000 latencies behind their p99 (the count is shown)."
      : `- The default short run: steps of ${n(config.STEPS[0].ms / 1_000, 1)} s, so those under 500 msg/s have fewer than 1,000 latencies behind their p99 (the count is shown); \`npm run bench -- b2 --full\` runs longer steps and both setups.`,
    `- The bar (BENCHMARKS.md) is judged at ${n(BAR.benchmarkRate)} msg/s (500 pairs × 1/s): held, and delivery p99 ≤ ${BAR.baselineRatio}× the baseline's there.`,
    "",
    ...results.map((result) => modeSection(result, config)),
  ].join("\n");
  return { measured: results.map((result) => cellFor(result, config)).join("<br>"), details };
}

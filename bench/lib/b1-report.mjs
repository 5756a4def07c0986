// Renders B1's figures for bench/RESULTS.md: one cell for the summary table, one section of details.
import { BAR, GENERATOR_LIMITS, MIN_MESSAGES_FOR_P99, REFERENCE_RATE } from "./b1-summary.mjs";
import { LOAD_CORE, SERVER_CORE } from "./processes.mjs";
import { renderProfile } from "./profile-report.mjs";
import { formatNumber as n } from "./stats.mjs";

const ms = (value) => `${n(value, 1)} ms`;
const SERVER_LABELS = { ws: "bare `ws`", socketio: "bare Socket.IO", heartline: "Heartline" };

function verdictOf(result) {
  // A server whose first step was already invalid was not measured: no ratio with it means anything.
  const unmeasured = Object.values(result.servers).filter(
    (s) => s.sustained.rate === 0 && s.limitedByGenerator,
  );
  if (unmeasured.length > 0) {
    return `**not measured** (the load generator was saturated or starved at the first step of ${unmeasured.map((s) => SERVER_LABELS[s.name]).join(", ")})`;
  }
  const failed = Object.entries(result.passes)
    .filter(([, passed]) => !passed)
    .map(([bar]) => bar);
  return failed.length === 0 ? "pass" : `**miss** (${failed.join("; ")})`;
}

/**
 * "40,000/s", "≥ 160,000/s" when the run of held steps reached the ladder's top or stopped at a step
 * where the generator saturated (the real limit is higher), or, when no step held, why the first failed.
 */
function sustainedText(server) {
  if (server.sustained.rate === 0) {
    const first = server.steps[0];
    return `held no step (at ${n(first.rate)} msg/s: ${stepVerdict(first, server)})`;
  }
  const prefix = server.heldTopStep || server.limitedByGenerator ? "≥ " : "";
  return `${prefix}${n(server.sustained.deliveriesPerSecond)}/s`;
}

/** Why a step held or did not; `server` tells a step above a failed one. */
function stepVerdict(step, server) {
  if (!step.ran) return "not run";
  if (step.invalid) {
    return `invalid: the generator was saturated or starved (CPU ${n(step.generatorCpuPercent)} %, loop lag p99 ${ms(step.generatorLagP99Ms)})`;
  }
  if (step.holds)
    return step.rate <= server.sustained.rate ? "held" : "passed, above a step not held: not counted";
  const reasons = [];
  if (step.lost > 0) reasons.push(`${n(step.lost)} lost`);
  if (step.ackErrors > 0) reasons.push(`${n(step.ackErrors)} error acks`);
  if (step.lost === 0 && !step.carries) reasons.push("< 90 % inside the step");
  if (step.p99Ms > BAR.p99Ms) reasons.push(`p99 ${ms(step.p99Ms)} > ${BAR.p99Ms} ms`);
  return `✗ ${reasons.join(", ")}`;
}

/** "12.0 / 30.1 / 41.2 ms" */
const latencyText = (step) => `${n(step.p50Ms, 1)} / ${n(step.p99Ms, 1)} / ${n(step.p999Ms, 1)} ms`;
/** "30,000 deliveries of 15 messages" */
const samplesText = (step) => `${n(step.samples)} deliveries of ${n(step.messages)} messages`;

/** Bytes the clients were sent besides the benchmark's messages while the room filled. */
function fillTraffic(result) {
  const seating = result.connect.find((entry) => entry.name === "heartline");
  const chars = Object.values(seating?.otherEvents.connect ?? {}).reduce((sum, seen) => sum + seen.chars, 0);
  return seating
    ? `; meanwhile the ${n(seating.receivers)} that had joined were sent ${n(chars / 1e9, 2)} GB of presence events`
    : "";
}

function cellFor(result, config) {
  const { servers } = result;
  if (!servers.heartline) {
    return (
      `${result.label}: **miss**: Heartline not measured (${result.heartlineMissing}${fillTraffic(result)}); ` +
      `bare Socket.IO ${sustainedText(servers.socketio)}, bare ws ${sustainedText(servers.ws)}`
    );
  }
  const c = servers.heartline;
  const top = c.steps.find((step) => step.rate === c.sustained.rate);
  const held =
    c.sustained.rate === 0
      ? `Heartline ${sustainedText(c)}`
      : `${sustainedText(c)} deliveries sustained (${n(c.sustained.rate)} msg/s × ${n(config.RECEIVERS)}), ` +
        `p50/p99/p99.9 ${latencyText(top)} over ${samplesText(top)}`;
  return (
    `${result.label}: ${held}; ${n(result.ratioSocketIo, 2)}× bare Socket.IO (${sustainedText(servers.socketio)}), ` +
    `${n(result.ratioWs, 2)}× bare ws (${sustainedText(servers.ws)}) → ${verdictOf(result)}` +
    (config.FULL ? "" : " (short run: each p99 rests on tens of messages)")
  );
}

function stepTable(server) {
  return [
    `${SERVER_LABELS[server.name]}, round ${server.roundIndex + 1} (the median round; held per round: ${server.heldRates.map((rate) => `${n(rate)} msg/s`).join(", ")}):`,
    "",
    "| msg/s | offered deliveries/s | inside the step | p50 / p99 / p99.9 | samples | server CPU | generator CPU | generator lag p99 / max | step |",
    "|---|---|---|---|---|---|---|---|---|",
    ...server.steps.map((step) =>
      step.ran
        ? `| ${n(step.rate)} | ${n(step.offeredPerSecond)} | ${n(step.deliveriesPerSecond)}/s | ${latencyText(step)} | ${samplesText(step)} | ${n(step.serverCpuPercent)} % | ${n(step.generatorCpuPercent)} % | ${ms(step.generatorLagP99Ms)} / ${ms(step.generatorLagMaxMs)} | ${stepVerdict(step, server)} |`
        : `| ${n(step.rate)} | ${n(step.offeredPerSecond)} | — | — | — | — | — | — | not run |`,
    ),
    "",
  ].join("\n");
}

/** "online_users_update 11,040 (317.4 MB), …" */
function eventsText(events) {
  const entries = Object.entries(events ?? {});
  if (entries.length === 0) return "none";
  return entries
    .map(([event, seen]) => `\`${event}\` ${n(seen.count)} (${n(seen.chars / 1e6, 1)} MB)`)
    .join(", ");
}

function modeSection(result, config) {
  const servers = Object.values(result.servers);
  const header = `| figure (each server's median round of ${config.ROUNDS}) | ${servers.map((s) => SERVER_LABELS[s.name]).join(" | ")} |`;
  const row = (label, format) => `| ${label} | ${servers.map(format).join(" | ")} |`;
  const connect = (name) => result.connect.find((entry) => entry.name === name);
  const atHeld = (s, format) => {
    const step = s.steps.find((entry) => entry.rate === s.sustained.rate);
    return step ? format(step) : "n/a";
  };
  const lines = [
    `#### ${result.label}`,
    "",
    ...(result.pinning
      ? [`Pinning: servers and ${result.pinning}; the load generator on core ${LOAD_CORE}.`, ""]
      : []),
    header,
    `|---|${servers.map(() => "---").join("|")}|`,
    row(
      "highest step held (every delivery, p99 ≤ 50 ms, generator not saturated, every lower step held)",
      (s) =>
        `${n(s.sustained.rate)} msg/s${s.limitedByGenerator ? " (then the generator was saturated or starved)" : ""}`,
    ),
    row("held in each round", (s) => s.heldRates.map((rate) => `${n(rate)}`).join(", ")),
    row(
      "deliveries/s sustained (counted inside the step)",
      (s) => `${sustainedText(s)} (${n(s.sustained.measuredPerSecond)})`,
    ),
    row(
      "highest step carried, latency aside (everything delivered, ≥ 90 % inside the step, every lower step too)",
      (s) =>
        `${s.carriedTopStep ? "≥ " : ""}${n(s.carried.rate)} msg/s = ${n(s.carried.deliveriesPerSecond)}/s, p99 ${ms(s.carried.p99Ms)}`,
    ),
    row("p50 / p99 / p99.9 at the step held", (s) => atHeld(s, latencyText)),
    row("latency samples at the step held", (s) => atHeld(s, samplesText)),
    row(`server CPU per 1,000 deliveries at ${REFERENCE_RATE} msg/s (median of the rounds)`, (s) =>
      ms(s.medianCpuMsPerThousandAtReference),
    ),
    row("steps where the generator was saturated or starved (all rounds)", (s) => n(s.invalidSteps)),
    row(`connecting ${n(config.RECEIVERS)} clients (and joining the room)`, (s) =>
      ms(connect(s.name)?.connectMs),
    ),
    row("other events received while the room filled", (s) =>
      eventsText(connect(s.name)?.otherEvents.connect),
    ),
    row("other events received during the ladders", (s) => eventsText(connect(s.name)?.otherEvents.ladders)),
    "",
  ];
  if (result.servers.heartline) {
    lines.push(
      `Ratios: ${n(result.ratioSocketIo, 2)}× bare Socket.IO and ${n(result.ratioWs, 2)}× bare ws in deliveries/s held; ` +
        `${n(result.cpuRatioSocketIo, 1)}× and ${n(result.cpuRatioWs, 1)}× their CPU per delivery; latency aside, ` +
        `${n(result.carriedRatioSocketIo, 2)}× and ${n(result.carriedRatioWs, 2)}× the deliveries/s carried. Verdict: ${verdictOf(result)}.`,
      "",
    );
  } else {
    const seating = connect("heartline");
    const evidence = seating
      ? ` While it seated ${n(seating.receivers)} clients in ${ms(seating.connectMs)}, it sent them: ${eventsText(seating.otherEvents.connect)}.`
      : "";
    lines.push(`Heartline was not measured: ${result.heartlineMissing}.${evidence}`, "");
  }
  lines.push(...servers.map(stepTable));
  const heartline = result.servers.heartline;
  if (heartline) {
    const ackSteps = heartline.steps.filter((step) => Number.isFinite(step.ackP99Ms));
    lines.push(
      `Heartline's publisher acknowledgement (after the row is committed) p99 per step: ${ackSteps.map((step) => `${n(step.rate)}/s ${ms(step.ackP99Ms)}`).join(", ")}.`,
    );
    const samples = heartline.steps.flatMap((step) => step.ackErrorSamples ?? []);
    if (samples.length > 0) lines.push("", `Error acks seen: \`${JSON.stringify(samples.slice(0, 2))}\``);
    lines.push("");
  }
  if (result.profile) lines.push(...profileLines(result));
  return lines.join("\n");
}

/**
 * What the next step is when a category is where Heartline spends most over bare Socket.IO per delivery
 * (chosen by this run's profile; written from the profiles in bench/PROFILES.md).
 */
const NEXT_STEPS = {
  "fn:nextTick":
    "Better Auth's first call switches AsyncLocalStorage on for the life of the process, and on Node 20 every `process.nextTick` then creates an async resource for its hooks. Node 22's `--experimental-async-context-frame` removes the hooks but lowered no CPU per delivery measurably on 2026-11-25 (PROFILES.md): profile that run the same way to see where its time went.",
  "PGlite (embedded PostgreSQL)":
    "embedded, the store runs on the node's one thread: each group message is its share of the batched insert and the session re-read before the event (`accounts/session-sockets.ts`). Sign-out, password changes and account deletion already close the sockets through `user:{id}`; the re-read is for what pushes nothing (an expiry, a row deleted by hand), so reading a session's row at most once a second, not per message, keeps that within a second.",
  "PostgreSQL client (pg)":
    "two nodes: each message is two round trips, the insert and the session re-read; reading a session's row at most once a second (see PGlite's line) leaves the insert.",
  "socket writes to the clients (the kernel's send)":
    "one write per socket per message, as bare Socket.IO's; Heartline's group message is a longer packet (its id, sequence, type and time, the sender's id, name and picture), so each write copies more: a shorter wire form of the group message.",
  "Socket.IO, Engine.IO, ws":
    "the broadcast is Socket.IO's own code, the packet encoded once per node; what is above the baseline follows the packet's length (see the writes' line).",
  "garbage collection":
    "allocations per message: find them with V8's sampling heap profiler over the same ladder (the young generation is already 64 MB).",
  "drizzle ORM":
    "the per-message statements are built and their rows mapped by drizzle on every call: prepare them once (`.prepare()`).",
  "Heartline's own code":
    "the group send path (`features/group-chat`): validation, AutoMod, the limits and the row, once per message; spread over 2,000 receivers it is small per delivery.",
  "Redis client and the streams adapter":
    "two nodes: each message is one XADD, and every node reads and decodes every entry of the stream, its own included; skip decoding the node's own entries.",
  "socket writes to Redis (the kernel's send)":
    "two nodes: one XADD per message (node-redis already writes a turn's commands together) and the per-user limits' counts, once per turn for every limit since `lib/shared-limit-counts.ts`: profile again to see what is left.",
};

function profileLines(result) {
  if (result.profile.error) return [`The profile could not be taken: ${result.profile.error}.`, ""];
  const { candidate, baseline, rates } = result.profile;
  return renderProfile({
    title: "Where the CPU went",
    unit: "1,000 deliveries",
    perUnit: (value, units) => (value * 1_000) / Math.max(units, 1),
    candidate,
    baseline,
    window: `one more round after the measured ones, the clients seated again: the steps Heartline held in it (up to ${rates.map((rate) => `${n(rate)}`).join(", ")} msg/s), and the same steps of bare Socket.IO's ladder${result.label.startsWith("two") ? "; Heartline's two nodes added together, Redis and PostgreSQL not profiled" : ""}`,
    nextSteps: NEXT_STEPS,
  });
}

export function renderB1(output) {
  const { results, durationMs, config } = output;
  const stepSeconds = [...new Set(config.STEPS.map((step) => n(step.ms / 1_000, 1)))];
  const length = config.FULL
    ? `each step long enough for ≥ ${n(MIN_MESSAGES_FOR_P99)} messages (${stepSeconds.join(", ")} s; \`--full\`)`
    : `${stepSeconds.join(", ")} s each (the default short run; \`npm run bench -- b1 --full\` runs every step long enough for ≥ ${n(MIN_MESSAGES_FOR_P99)} messages and both setups)`;
  const details = [
    `${n(config.RECEIVERS)} websocket clients in the group room, one publisher sending ${config.MESSAGE_BYTES}-byte messages on an`,
    `open-loop schedule of ${config.STEPS.map((step) => n(step.rate)).join(" → ")} messages/s, ${length}, after a`,
    `${n(config.WARMUP.ms / 1_000, 1)} s warm-up at ${n(config.WARMUP.rate)}/s; every message goes to every client, so a step offers rate × ${n(config.RECEIVERS)}`,
    "deliveries/s. Heartline's clients are signed-in guests (sessions seeded into the database before the",
    `server starts) that joined with \`join_group\`; as Heartline allows a sender 10 messages per 10 s, ${n(config.SENDERS)} of`,
    "them take turns as the publisher (a sender does not get its own message back), each message",
    "acknowledged after its row is committed. The bare `ws` baseline frames each message once and writes that one",
    "buffer to every socket (one write per socket). The clients are plain `ws` connections speaking the Socket.IO wire protocol",
    "(socket.io-client instances would load the generator more than the servers), all in one load-generator",
    `process. Servers on core ${SERVER_CORE} (\`taskset -c ${SERVER_CORE}\`), the load generator on core ${LOAD_CORE}; every server's clients stay`,
    `connected while the ladders alternate Heartline, ws, Socket.IO (${config.ROUNDS} rounds); each server's median round is shown whole.`,
    `Setups run: ${config.SETUPS.join(", ")}. Latency counts from the intended send time written into the message. Run time ${n(durationMs / 1_000)} s.`,
    "",
    "- A step is *held* when every message reached every client, no acknowledgement was an error, the",
    `  delivery p99 was ≤ ${BAR.p99Ms} ms, the generator was not saturated or starved, and every lower step held; the bar compares`,
    "  the highest held step's deliveries/s. A ladder stops after a step whose window delivered less than 70 % of",
    '  what it offered (the higher steps show "not run").',
    `- A step is *invalid* when the load generator saturated or was starved: it used ≥ ${n(GENERATOR_LIMITS.cpuShare * 100)} % of its core, or its`,
    `  event loop ran late by more than ${GENERATOR_LIMITS.lagP99Ms} ms at p99 (its own work, or other processes on its core: its clock`,
    "  readings and sends are then late too). An invalid step is not counted, and a run of held steps that stops",
    '  at one is a lower bound ("≥").',
    "- The latencies of one message's deliveries move together (one slow broadcast delays them all), so the number",
    "  of messages behind a p99 matters as much as the number of deliveries: both are shown. Below",
    `  ${n(MIN_MESSAGES_FOR_P99)} messages a step's p99 is close to its slowest message's.`,
    '- "≥" also marks a server that held the ladder\'s top step: its limit is above what was offered, and a',
    "  ratio against it is an upper bound. CPU per delivery at a step every server holds does not depend on",
    "  the ladder, so it is shown too.",
    "",
    ...results.map((result) => modeSection(result, config)),
  ].join("\n");
  return { measured: results.map((result) => cellFor(result, config)).join("<br>"), details };
}

// Renders B1's figures for bench/RESULTS.md: one cell for the summary table, one section of details.
import { BAR, REFERENCE_RATE } from "./b1-summary.mjs";
import { formatNumber as n } from "./stats.mjs";

const ms = (value) => `${n(value, 1)} ms`;
const SERVER_LABELS = { ws: "bare `ws`", socketio: "bare Socket.IO", heartline: "Heartline" };

function verdictOf(result) {
  const failed = Object.entries(result.passes)
    .filter(([, passed]) => !passed)
    .map(([bar]) => bar);
  return failed.length === 0 ? "pass" : `**miss** (${failed.join("; ")})`;
}

/**
 * "40,000/s", "≥ 160,000/s" when the ladder's top step held (the real limit is higher), or, when no
 * step held, the first step's p99 (on a loaded machine even the baselines may hold none).
 */
function sustainedText(server) {
  if (server.sustained.rate === 0) {
    return `held no step (p99 ${ms(server.steps[0].p99Ms)} at ${n(server.steps[0].offeredPerSecond)}/s)`;
  }
  const prefix = server.heldTopStep ? "≥ " : "";
  return `${prefix}${n(server.sustained.deliveriesPerSecond)}/s`;
}

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
  const held =
    c.sustained.rate === 0
      ? `Heartline ${sustainedText(c)}`
      : `${sustainedText(c)} deliveries sustained (${n(c.sustained.rate)} msg/s × ${n(config.RECEIVERS)}), p99 ${ms(c.sustained.p99Ms)}`;
  return (
    `${result.label}: ${held}; ${n(result.ratioSocketIo, 2)}× bare Socket.IO (${sustainedText(servers.socketio)}), ` +
    `${n(result.ratioWs, 2)}× bare ws (${sustainedText(servers.ws)}) → ${verdictOf(result)}`
  );
}

function stepCell(step, server) {
  if (!step.ranInEveryRound) return step.p99Ms ? `${ms(step.p99Ms)} (stopped)` : "not run";
  const mark = step.holds ? "" : " ✗";
  const lost = step.lost > 0 ? `, ${n(step.lost)} lost` : "";
  const errors = step.ackErrors > 0 ? `, ${n(step.ackErrors)} error acks` : "";
  const nodes =
    server.name === "heartline" && step.p99ByNodeMs.length > 1
      ? ` (same node ${ms(step.p99ByNodeMs[0])}, cross-node ${ms(step.p99ByNodeMs[1])})`
      : "";
  return `${ms(step.p99Ms)}${nodes}${lost}${errors}${mark}`;
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
  const header = `| figure (median of ${config.ROUNDS} rounds) | ${servers.map((s) => SERVER_LABELS[s.name]).join(" | ")} |`;
  const row = (label, format) => `| ${label} | ${servers.map(format).join(" | ")} |`;
  const connect = (name) => result.connect.find((entry) => entry.name === name);
  const lines = [
    `#### ${result.label}`,
    "",
    header,
    `|---|${servers.map(() => "---").join("|")}|`,
    row("highest step held (every delivery, p99 ≤ 50 ms)", (s) => `${n(s.sustained.rate)} msg/s`),
    row(
      "deliveries/s sustained (counted inside the step)",
      (s) => `${sustainedText(s)} (${n(s.sustained.measuredPerSecond)})`,
    ),
    row(
      "highest step carried, latency aside (everything delivered, ≥ 90 % inside the step)",
      (s) =>
        `${s.carriedTopStep ? "≥ " : ""}${n(s.carried.rate)} msg/s = ${n(s.carried.deliveriesPerSecond)}/s, p99 ${ms(s.carried.p99Ms)}`,
    ),
    row("p50 / p99 at the step held", (s) => {
      const step = s.steps.find((entry) => entry.rate === s.sustained.rate);
      return step ? `${ms(step.p50Ms)} / ${ms(step.p99Ms)}` : "n/a";
    }),
    row(`server CPU per 1,000 deliveries at ${REFERENCE_RATE} msg/s`, (s) =>
      ms(s.cpuMsPerThousandAtReference),
    ),
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
      `Ratios: ${n(result.ratioSocketIo, 2)}× bare Socket.IO and ${n(result.ratioWs, 2)}× bare ws in deliveries/s; ` +
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
  lines.push(
    `| msg/s | offered deliveries/s | ${servers.map((s) => `${SERVER_LABELS[s.name]} p99`).join(" | ")} | ${servers.map((s) => `${SERVER_LABELS[s.name]} server CPU`).join(" | ")} |`,
    `|---|---|${servers.map(() => "---").join("|")}|${servers.map(() => "---").join("|")}|`,
    ...config.STEPS.map((_, index) => {
      const steps = servers.map((s) => s.steps[index]);
      return `| ${n(steps[0].rate)} | ${n(steps[0].offeredPerSecond)} | ${steps.map((step, i) => stepCell(step, servers[i])).join(" | ")} | ${steps.map((step) => (step.ranInEveryRound ? `${n(step.serverCpuPercent)} %` : "—")).join(" | ")} |`;
    }),
    "",
  );
  const heartline = result.servers.heartline;
  if (heartline) {
    const ackSteps = heartline.steps.filter((step) => Number.isFinite(step.ackP99Ms));
    lines.push(
      `Heartline's publisher acknowledgement (after the row is committed) p99 per step: ${ackSteps.map((step) => `${n(step.rate)}/s ${ms(step.ackP99Ms)}`).join(", ")}.`,
    );
    const samples = heartline.steps.flatMap((step) => step.ackErrorSamples);
    if (samples.length > 0) lines.push("", `Error acks seen: \`${JSON.stringify(samples.slice(0, 2))}\``);
    lines.push("");
  }
  return lines.join("\n");
}

export function renderB1(output) {
  const { results, durationMs, config } = output;
  const details = [
    `${n(config.RECEIVERS)} websocket clients in the group room, one publisher sending ${config.MESSAGE_BYTES}-byte messages on an`,
    `open-loop schedule of ${config.STEPS.map((step) => n(step.rate)).join(" → ")} messages/s (${n(config.STEPS[0].ms / 1_000, 1)} s each, after a`,
    `${n(config.WARMUP.ms / 1_000, 1)} s warm-up at ${n(config.WARMUP.rate)}/s); every message goes to every client, so a step offers rate × ${n(config.RECEIVERS)}`,
    "deliveries/s. Heartline's clients are signed-in guests (sessions seeded into the database before the",
    `server starts) that joined with \`join_group\`; as Heartline allows a sender 10 messages per 10 s, ${n(config.SENDERS)} of`,
    "them take turns as the publisher (a sender does not get its own message back), each message",
    "acknowledged after its row is committed. The clients are plain `ws` connections speaking the Socket.IO wire protocol",
    "(socket.io-client instances would load the generator more than the servers), all in one load-generator",
    "process. Servers on core 0 (`taskset -c 0`), the load generator on core 1; every server's clients stay",
    `connected while the ladders alternate Heartline, ws, Socket.IO (${config.ROUNDS} rounds); figures are medians of the rounds.`,
    `Latency counts from the intended send time written into the message. Run time ${n(durationMs / 1_000)} s.`,
    "",
    `- A step is *held* when every message reached every client, no acknowledgement was an error and the`,
    `  delivery p99 was ≤ ${BAR.p99Ms} ms; the bar compares the highest held step's deliveries/s. A ladder stops after a`,
    '  step whose window delivered less than 70 % of what it offered (the higher steps show "not run").',
    '- "≥" marks a server that held the ladder\'s top step: its limit is above what was offered, and the',
    "  ratio against it is an upper bound. CPU per delivery at a step every server holds does not depend",
    "  on the ladder, so it is shown too. ✗ marks a step not held.",
    "",
    ...results.map((result) => modeSection(result, config)),
  ].join("\n");
  return { measured: results.map((result) => cellFor(result, config)).join("<br>"), details };
}

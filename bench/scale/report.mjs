// The multi-node check's Markdown report (docs/scaling.md carries a copy of a run's).
import { formatNumber } from "../lib/stats.mjs";
import { MEASURED } from "./measured.mjs";
import { cpuOf, operationsOf, predictedMs } from "./step-costs.mjs";

const MB = 1_024 * 1_024;
const fixed = (value, digits = 1) => formatNumber(value, digits);
const load = (values) => values.map((value) => value.toFixed(2)).join(", ");
const percent = (ms, wallMs) => `${fixed((ms * 100) / wallMs, 0)} %`;
const latency = (figures) =>
  figures.count > 0
    ? `${fixed(figures.p50Ms)} / ${fixed(figures.p99Ms)} ms (${formatNumber(figures.count)})`
    : "—";
const errors = (step) => {
  const all = { ...step.group.errorCodes, ...step.chat.errorCodes, ...step.random.errorCodes };
  const text = Object.entries(all).map(([code, n]) => `${code} ${n}`);
  return text.length > 0 ? text.join(", ") : "none";
};

function memoryTable(result) {
  const { before, after } = result.memory;
  const { GROUP, RANDOM, IDLE, NODES, CARRYING } = result.config;
  const share = (total, over, index) => (index < over ? Math.ceil((total - index) / over) : 0);
  const rows = after.map((reading, index) => {
    const sockets =
      share(GROUP, CARRYING, index) + share(RANDOM, CARRYING, index) + share(IDLE, NODES, index);
    const rss = reading.memory.rss - before[index].memory.rss;
    const heap = reading.memory.heapUsed - before[index].memory.heapUsed;
    return `| ${index + 1} | ${formatNumber(sockets)} | ${fixed(before[index].memory.rss / MB, 0)} → ${fixed(reading.memory.rss / MB, 0)} MB | ${fixed(before[index].memory.heapUsed / MB, 0)} → ${fixed(reading.memory.heapUsed / MB, 0)} MB | ${fixed(rss / 1_024 / Math.max(1, sockets))} KB | ${fixed(heap / 1_024 / Math.max(1, sockets))} KB |`;
  });
  return [
    "| node | sockets | RSS (after GC) | heap (after GC) | RSS / socket | heap / socket |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

function stepTable(result) {
  const rows = result.steps.map((step) => {
    const wall = step.usage.wallMs;
    const cpu = cpuOf(step.usage);
    const offered = step.offered;
    const lagP99 = Math.max(...step.nodeLag.map((lag) => lag.p99Ms));
    return [
      step.name,
      `${fixed(offered.groupPerSecond)} msg/s → ${formatNumber((step.group.delivered * 1_000) / step.ms)}/s`,
      `${fixed(offered.joinsPerSecond)} joins/s → ${formatNumber((step.random.matched * 1_000) / step.ms)} matched/s`,
      `${fixed(offered.chatPerSecond)}/s → ${formatNumber((step.chat.delivered * 1_000) / step.ms)}/s`,
      step.usage.nodesMs.map((ms) => percent(ms, wall)).join(" · "),
      percent(cpu.postgres, wall),
      percent(cpu.redis, wall),
      percent(cpu.total, wall),
      `${fixed(lagP99)} ms`,
      latency(step.group.latency),
      latency(step.chat.latency),
      latency(step.random.pairing),
      errors(step),
      `${percent(step.generator.cpuMs, step.ms)} / ${fixed(step.generator.lagP99Ms)} ms`,
    ].join(" | ");
  });
  return [
    "| step | group: offered → delivered | random: joins → matched | random messages: offered → delivered | CPU nodes 1 · 2 · 3 · 4 | PostgreSQL | Redis | core 0 total | node loop lag p99 (worst) | group delivery p50 / p99 (n) | random message p50 / p99 (n) | join→matched p50 / p99 (n) | error acks | generator CPU / lag p99 |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

function costTable(result) {
  const { costs } = result;
  const line = (name, key, split, measured, streamPer, redisPer) =>
    `| ${name} | ${fixed(split.nodes)} | ${fixed(split.postgres)} | ${fixed(split.redis)} | **${fixed(costs.perOperation[key])}** | ${measured} | ${fixed(streamPer, 2)} | ${fixed(redisPer, 1)} |`;
  return [
    "| operation | nodes µs | PostgreSQL µs | Redis µs | total µs | the model's figure (bench/RESULTS.md) | stream entries per op (group: per message) | Redis commands per op (group: per message) |",
    "|---|---|---|---|---|---|---|---|",
    line(
      "group delivery (599 receivers a message)",
      "groupDeliveryUs",
      costs.split.groupDelivery,
      `${fixed(MEASURED.groupDeliveryUs)} µs (${MEASURED.groupDeliverySource})`,
      costs.streamEntriesPer.groupMessage,
      costs.redisCommandsPer.groupMessage,
    ),
    line(
      "matched client (a pair is two)",
      "matchUs",
      costs.split.match,
      `${fixed(MEASURED.matchUs)} µs (${MEASURED.matchSource})`,
      costs.streamEntriesPer.match,
      costs.redisCommandsPer.match,
    ),
    line(
      "random-chat message relayed",
      "chatMessageUs",
      costs.split.chatMessage,
      "none (this check)",
      costs.streamEntriesPer.chatMessage,
      costs.redisCommandsPer.chatMessage,
    ),
  ].join("\n");
}

function mixSection(result) {
  const mixStep = result.steps.at(-1);
  const measured = cpuOf(mixStep.usage).total;
  const { costs } = result;
  const modelMs = predictedMs(mixStep, costs.idleCoreShare, result.mix.costs);
  const isolatedMs = predictedMs(mixStep, costs.idleCoreShare, costs.perOperation);
  const gap = (predicted) =>
    `${measured >= predicted ? "+" : ""}${fixed(((measured - predicted) * 100) / predicted, 0)} %`;
  const ops = operationsOf(mixStep);
  const wall = mixStep.usage.wallMs;
  return [
    `The model's plan for core 0 at ${fixed(result.config.MIX_UTILISATION * 100, 0)} %: the operations of ${formatNumber(result.mix.users)} concurrent users under the profile (${formatNumber(result.mix.load.members)} in the room at ${fixed(result.mix.load.roomRate)} msg/s = ${formatNumber(result.mix.load.groupDeliveries)} deliveries/s, ${fixed(result.mix.load.joins)} joins/s, ${fixed(result.mix.load.chatMessages)} random-chat messages/s), on top of the idle connections' ${percent(costs.idleCoreShare, 1)}.`,
    "",
    `Carried: ${formatNumber(ops.groupDeliveries)} group deliveries, ${formatNumber(ops.matched)} matched clients, ${formatNumber(ops.chatMessages)} random-chat messages in ${fixed(mixStep.ms / 1_000)} s.`,
    "",
    "| | core-0 CPU over the step | share of core 0 | measured against it |",
    "|---|---|---|---|",
    `| the model (group and match costs from bench/RESULTS.md, the message cost and idle from this run) | ${formatNumber(modelMs)} ms | ${percent(modelMs, wall)} | ${gap(modelMs)} |`,
    `| the sum of this run's one-kind steps | ${formatNumber(isolatedMs)} ms | ${percent(isolatedMs, wall)} | ${gap(isolatedMs)} |`,
    `| measured | ${formatNumber(measured)} ms | ${percent(measured, wall)} | |`,
  ].join("\n");
}

export function renderReport(result) {
  const { costs } = result;
  return [
    `### Multi-node check (\`npm run bench:scale\`), ${result.started.at}, commit ${result.commit}`,
    "",
    `Load average (1, 5, 15 min) before ${load(result.started.loadAverage)}, after ${load(result.finished.loadAverage)} on 2 cores shared with other sessions. ${result.pinning}; the load generator on core 1.`,
    `${result.config.NODES} nodes on one PostgreSQL database and one Redis database; ${formatNumber(result.connected.connected.group)} group members and ${formatNumber(result.connected.connected.random)} random-chat visitors on nodes 1–${result.config.CARRYING}, ${formatNumber(result.connected.connected.idle)} idle signed-in guests on all ${result.config.NODES} (node ${result.config.NODES} carries only those: what a node pays for the others' traffic). Connected and seated in ${fixed(result.connected.connectMs / 1_000)} s (${result.connected.errorCount} failures). Every socket pings every 20 s as the web client does.`,
    "",
    memoryTable(result),
    "",
    stepTable(result),
    "",
    `Idle: ${percent(costs.idleCoreShare, 1)} of core 0 for ${formatNumber(result.connected.connected.group + result.connected.connected.idle + result.connected.connected.random)} sockets = ${fixed(costs.connectionUsPerSecond)} µs per socket per second (the nodes' own timers included).`,
    "",
    "Cost per operation on this cluster (core-0 CPU above idle ÷ operations carried; Redis' CPU and commands are instance-wide: other sessions' use of the same Redis lands here too):",
    "",
    costTable(result),
    "",
    `Node ${result.config.NODES}, carrying nobody in these steps, spent per stream entry: ${fixed(costs.streamEntryUs.group)} µs (group), ${fixed(costs.streamEntryUs.joins)} µs (matches), ${fixed(costs.streamEntryUs.chat)} µs (random-chat messages). The matcher's Lua scripts (EVALSHA): ${fixed(costs.evalshaUsPerCall)} µs of Redis per call.`,
    "",
    mixSection(result),
  ].join("\n");
}

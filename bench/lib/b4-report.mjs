// Renders B4's figures for bench/RESULTS.md: one cell for the summary table, one section of details.
import { B4_BAR, meetsMemoryBar } from "./b4-memory.mjs";
import { LOAD_CORE, SERVER_CORE } from "./processes.mjs";
import { GENERATOR_LIMITS, generatorSaturated, formatNumber as n } from "./stats.mjs";

const kb = (value) => `${n(value, 1)} KB`;
const s = (ms) => (ms === null || ms === undefined ? "n/a" : `${n(ms / 1_000, 2)} s`);

function stormValid(storm) {
  return !generatorSaturated({
    cpuMs: storm.generator.cpuMs,
    ms: storm.ms,
    lagP99Ms: storm.generator.lagP99Ms,
  });
}

function stormText(storm) {
  if (storm.allBackMs === null)
    return `**${n(storm.dropped - storm.back)} of ${n(storm.dropped)} never came back**`;
  return `${s(storm.allBackMs)}${stormValid(storm) ? "" : " (invalid: the generator saturated)"}`;
}

function verdict({ heartline: h }) {
  const misses = [];
  if (!meetsMemoryBar(h.visitors.memory)) misses.push("visitor memory");
  if (!meetsMemoryBar(h.signedIn.memory)) misses.push("signed-in memory");
  if (h.storm.allBackMs === null || h.storm.allBackMs > B4_BAR.reconnectMs) misses.push("storm");
  if (!h.onlineCount.exact) misses.push("online count");
  return misses.length === 0 ? "pass" : `**miss** (${misses.join(", ")})`;
}

function memoryRow(label, measured) {
  const { memory, ramp, serverCpuMs } = measured;
  return (
    `| ${label} | ${n(ramp.connected)} of ${n(ramp.requested)}${ramp.failed > 0 ? ` (${n(ramp.failed)} failed: ${ramp.errorSamples[0]})` : ""} ` +
    `| ${kb(memory.heapKB)} | ${kb(memory.rssKB)} | ${kb(memory.externalKB)} ` +
    `| ${n(memory.heapBeforeMB, 1)} → ${n(memory.heapAfterMB, 1)} MB | ${n(memory.rssBeforeMB, 1)} → ${n(memory.rssAfterMB, 1)} MB ` +
    `| ${s(ramp.connectMs)} (${n((ramp.connected * 1_000) / ramp.connectMs)}/s) | ${n((serverCpuMs * 1_000) / Math.max(1, ramp.connected))} µs ` +
    `| ${n((ramp.generator.cpuMs * 100) / ramp.ms)} % / ${n(ramp.generator.lagP99Ms, 1)} ms |`
  );
}

function stormRow(label, storm) {
  return (
    `| ${label} | ${n(storm.dropped)}${storm.groupMembers > 0 ? ` (${n(storm.groupMembers)} rejoining the group)` : ""} | ${n(storm.back)} ` +
    `| ${s(storm.p50Ms)} / ${s(storm.p99Ms)} | ${stormText(storm)} | ${n(storm.attempts)} | ${n((storm.serverCpuMs * 1_000) / Math.max(1, storm.back))} µs ` +
    `| ${n((storm.generator.cpuMs * 100) / storm.ms)} % / ${n(storm.generator.lagP99Ms, 1)} ms |`
  );
}

export function renderB4(output) {
  const { plan, ws, socketio, heartline: h } = output;
  const v = h.visitors.memory;
  const u = h.signedIn.memory;
  const io = socketio.memory;
  const measured =
    `at ${n(plan.connections)} idle connections, heap / RSS per connection: visitor ${kb(v.heapKB)} / ${kb(v.rssKB)}, ` +
    `signed-in ${kb(u.heapKB)} / ${kb(u.rssKB)}; bare Socket.IO ${kb(io.heapKB)} / ${kb(io.rssKB)}, bare ws ${kb(ws.memory.heapKB)} / ${kb(ws.memory.rssKB)}. ` +
    `Storm of ${n(h.storm.dropped)} signed-in (${n(h.storm.groupMembers)} in the group): all back in ${stormText(h.storm)} ` +
    `(bare Socket.IO ${stormText(socketio.storm)}); online count ${h.onlineCount.exact ? "exact" : `**${h.onlineCount.count} for ${h.onlineCount.expected}**`} → ${verdict(output)}`;
  const details = [
    `Servers on core ${SERVER_CORE} (embedded Heartline: PGlite in its process), the load generator (one process, plain \`ws\` clients speaking the Socket.IO wire protocol) on core ${LOAD_CORE}. ` +
      `Connections ramped at ${n(output.rate)}/s; memory read in each server after a forced GC (\`--expose-gc\`, an IPC message from the bench: \`HEARTLINE_BENCH_MEMORY=1\` for Heartline) once the server was idle, ` +
      `before (after ${n(200)} warm-up connections opened and closed) and after the ramp; per connection = growth ÷ connections. ${plan.full ? "" : "Default run: `--full` measures the bar's 10,000."}`,
    "",
    "| server | connections | heap / conn | RSS / conn | external / conn | heap | RSS | ramp (rate reached) | server CPU / conn | generator CPU / lag p99 |",
    "|---|---|---|---|---|---|---|---|---|---|",
    memoryRow("bare ws", ws),
    memoryRow("bare Socket.IO", socketio),
    memoryRow("Heartline, visitors (no session)", h.visitors),
    memoryRow("Heartline, signed-in guests (idle, no group)", h.signedIn),
    "",
    `Bar: heap ≤ ${B4_BAR.heapKB} KB and RSS ≤ ${B4_BAR.rssKB} KB per connection. Heartline / bare Socket.IO heap per connection: visitors ${n(v.heapKB / io.heapKB, 2)}×, signed-in ${n(u.heapKB / io.heapKB, 2)}×. ` +
      `Heap left after the visitors had gone, against before they came: ${n(h.signedIn.before.heapUsed / 1_048_576 - v.heapBeforeMB, 1)} MB.`,
    "",
    "Reconnect storm: every connection dropped at once by the generator (the server sees each close), each client back as socket.io-client would be " +
      "(first attempt after 0.5–1.5 s, then 2, 4, 5 s…), the signed-in with their session cookie, the group's members rejoining it (`join_group` acked). " +
      `Bar: 100 % back within ${s(B4_BAR.reconnectMs)}; a storm where the generator's loop lag p99 passed ${GENERATOR_LIMITS.lagP99Ms} ms or its CPU ${n(GENERATOR_LIMITS.cpuShare * 100)} % is invalid.`,
    "",
    "| server | dropped | back | back p50 / p99 | all back | connection attempts | server CPU / reconnection | generator CPU / lag p99 |",
    "|---|---|---|---|---|---|---|---|",
    stormRow("bare ws", ws.storm),
    stormRow("bare Socket.IO", socketio.storm),
    stormRow("Heartline, signed-in", h.storm),
    "",
    `Online count (\`GET /api/online-count\`): ${n(h.countBefore.count)} for ${n(h.countBefore.expected)} connected before the storm; ` +
      `after it ${n(h.onlineCount.count)} for ${n(h.onlineCount.expected)} back (${h.onlineCount.exact ? `exact ${s(h.onlineCount.afterMs)} after the last came back` : `**not exact after ${s(h.onlineCount.afterMs)}**`}).`,
    ...(h.storm.failed > 0 || h.joined.failed > 0
      ? ["", `Failures: ${[...h.joined.errorSamples, ...h.storm.errorSamples].join("; ")}`]
      : []),
    "",
    `The scenario took ${s(output.durationMs)}.`,
    "",
  ].join("\n");
  return { measured, details };
}

// Renders B4's figures for bench/RESULTS.md: one cell for the summary table, one section of details.
import { B4_BAR, meetsMemoryBar } from "./b4-memory.mjs";
import { LOAD_CORE, SERVER_CORE } from "./processes.mjs";
import { renderProfile } from "./profile-report.mjs";
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

/**
 * What the next step is when a category is where Heartline spends most over bare Socket.IO per
 * reconnection (chosen by this run's profile; written from the profiles in bench/PROFILES.md).
 */
const NEXT_STEPS = {
  "Better Auth":
    "the handshake's `getSession` runs Better Auth's whole endpoint pipeline per socket (its signed-cookie check imports the HMAC key on every call; its adapter formats debug lines with debug logging off). Within the rule that session verification stays Better Auth's: those two upstream, or Better Auth's `secondaryStorage` for sessions (every user write through Better Auth first, so the stored copy stays true).",
  "PGlite (embedded PostgreSQL)":
    "most of it is the session-and-user statement of `getSession`; a session store in memory (`secondaryStorage`, see Better Auth's line) takes it off the node's thread. The group rejoin's reads are batched per turn already.",
  "drizzle ORM":
    "`getSession`'s relational query (`joins: true`) is built by drizzle on every call (its `is()` checks are the hottest function) and its rows mapped; a prepared query in Better Auth's drizzle adapter (upstream), or `secondaryStorage`, removes it.",
  "garbage collection":
    "each reconnection allocates the fetch `Headers`, Better Auth's context and drizzle's query; the cuts in the lines above shrink it.",
  "socket writes to the clients (the kernel's send)":
    "a reconnection writes the handshake, `session`, the online count and, for the group's members, the join's ack and presence; the online count and presence are coalesced per turn already.",
  "Heartline's own code":
    "the connection middleware and handlers (`plugins/socket.ts`, `features/accounts/socket-identity.ts`): profile them per handshake once the session read is cheaper.",
  "Node.js core (the event loop's own work)":
    "microtask and timer turns per handshake, most of them in `getSession`'s awaits.",
};

function stormProfileLines(heartline, socketio) {
  const profile = heartline.stormProfile;
  if (!profile) return [];
  if (profile.error) return [`The storm's profile could not be taken: ${profile.error}.`, ""];
  const baseline = socketio.stormProfile?.summary ? socketio.stormProfile : undefined;
  return renderProfile({
    title: "Where the storm's CPU went",
    unit: "reconnection",
    perUnit: (value, units) => value / Math.max(units, 1),
    candidate: { label: "Heartline", ...profile },
    baseline: baseline ? { label: "bare Socket.IO", ...baseline } : undefined,
    window: `a second storm of the same clients right after the measured one, from the drop to the last client back (Heartline ${s(profile.allBackMs)}${baseline ? `, bare Socket.IO ${s(baseline.allBackMs)}` : ""})`,
    nextSteps: NEXT_STEPS,
  });
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
    ...stormProfileLines(h, socketio),
    `The scenario took ${s(output.durationMs)}.`,
    "",
  ].join("\n");
  return { measured, details };
}

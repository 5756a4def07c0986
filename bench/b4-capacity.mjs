// B4 (BENCHMARKS.md): capacity and reconnect storm. Idle connections ramped at 500/s into each server,
// its memory read (after a forced GC, over an IPC channel: `--expose-gc` and, for Heartline,
// HEARTLINE_BENCH_MEMORY=1) before and after, giving heap and RSS per connection; then every connection
// dropped at once and brought back as socket.io-client would, timed until the last one is back.
// Candidate: the real Heartline server (embedded), visitors (no session) and signed-in guests (seeded
// sessions, as B1's) measured apart; a share of the signed-in ones also in the group room, which they
// rejoin after the storm; the online count (`GET /api/online-count`) must then be exact.
// Baselines in the same run: bare `ws` (baselines/b4-ws-server.mjs) and bare Socket.IO
// (baselines/b4-socketio-server.mjs), measured the same way.
// Servers on core 0, the load generator (one process, driven step by step) on core 1.
// By default (about two minutes) 2,000 connections per measurement; `--full` the bar's 10,000.
import path from "node:path";
import { perConnection } from "./lib/b4-memory.mjs";
import { renderB4 } from "./lib/b4-report.mjs";
import { INSPECT_ARGS, whileProfiling } from "./lib/cpu-profile.mjs";
import { cpuTimeMs, SERVER_CORE, startPinnedServer, startPinnedWorker } from "./lib/processes.mjs";
import { summariseProfile } from "./lib/profile-summary.mjs";
import { seededHeartline } from "./lib/seeded-heartline.mjs";

const MEMORY_NODE = { nodeArgs: ["--expose-gc"], env: { HEARTLINE_BENCH_MEMORY: "1" }, ipc: true };
const { startEmbedded } = seededHeartline({ name: "b4", redisDb: 11, node: MEMORY_NODE });

/** The bar's ramp: 500 new connections per second. */
const RATE = Number(process.env.B4_RATE ?? 500);
const WARMUP_CONNECTIONS = 200;
/**
 * Without `--full`: a signed-in Heartline connection costs the server ~2 ms of CPU (~10 ms before
 * PGlite's statements were named), and the ramp and the storm each pay it once per connection; 2,000
 * (B1's crowd) keeps the scenario under a minute on an idle machine.
 */
const DEFAULT_CONNECTIONS = 2_000;
/** Signed-in connections that also join the group (each join's ack carries the online list). */
const GROUP_MEMBERS = { short: 500, full: 1_000 };
const QUIET = { sampleMs: 500, share: 0.1, maxMs: 20_000 };
const ONLINE_COUNT_WAIT_MS = 10_000;

function planFor(full) {
  const connections = Number(process.env.B4_CONNECTIONS ?? (full ? 10_000 : DEFAULT_CONNECTIONS));
  return {
    full,
    connections,
    groupMembers: Math.min(
      connections,
      Number(process.env.B4_GROUP_MEMBERS ?? (full ? GROUP_MEMBERS.full : GROUP_MEMBERS.short)),
    ),
    budgetMs: Math.ceil((connections * 1_000) / RATE) + 60_000,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server uses under 10 % of a core over half a second (what a ramp set off has settled). */
async function waitQuiet(pid) {
  const deadline = Date.now() + QUIET.maxMs;
  let before = cpuTimeMs(pid);
  while (Date.now() < deadline) {
    await sleep(QUIET.sampleMs);
    const now = cpuTimeMs(pid);
    if (now - before < QUIET.sampleMs * QUIET.share) return;
    before = now;
  }
}

/** `process.memoryUsage()` after GC; read twice, the second after what the first GC's finalisers freed. */
async function readMemory(server) {
  await waitQuiet(server.pid);
  const first = await server.request("memory");
  if (!first.gc) throw new Error(`${server.name} answered without a forced GC (no --expose-gc?)`);
  return (await server.request("memory")).memory;
}

async function command(generator, input) {
  const answer = await generator.request(input);
  if (answer.error) throw new Error(`load generator: ${answer.error}`);
  return answer;
}

/**
 * Memory per connection on `server`: a warm-up crowd opened and closed (code paths compiled, pools
 * grown), a reading, `specs` connected at RATE, a reading. The connections stay open as set `set`.
 */
async function measureMemory({ generator, server, protocol, set, specs, plan }) {
  const target = server.url;
  const warmup = specs.slice(0, WARMUP_CONNECTIONS).map(({ cookie, userId }) => ({ cookie, userId }));
  await command(generator, {
    cmd: "connect",
    set: `${set}-warmup`,
    protocol,
    target,
    specs: warmup,
    rate: RATE,
    budgetMs: plan.budgetMs,
  });
  await command(generator, { cmd: "close", set: `${set}-warmup` });
  const before = await readMemory(server);
  const cpuBefore = cpuTimeMs(server.pid);
  const ramp = await command(generator, {
    cmd: "connect",
    set,
    protocol,
    target,
    specs,
    rate: RATE,
    budgetMs: plan.budgetMs,
  });
  const serverCpuMs = cpuTimeMs(server.pid) - cpuBefore;
  const after = await readMemory(server);
  return { ramp, serverCpuMs, memory: perConnection(before, after, ramp.connected), before, after };
}

async function stormOf({ generator, server, set }) {
  const cpuBefore = cpuTimeMs(server.pid);
  const storm = await command(generator, { cmd: "storm", set, seed: 4 });
  return { ...storm, serverCpuMs: cpuTimeMs(server.pid) - cpuBefore };
}

/**
 * `--profile`: one more storm of the same set, after the measured one, with the server's CPU profile
 * over it (the sampler slows a storm by up to half again, so it never runs in the measured one).
 */
async function profiledStorm({ generator, server, set, plan }) {
  if (!plan.profile) return undefined;
  const profiled = await whileProfiling([server], () => command(generator, { cmd: "storm", set, seed: 5 }));
  if (profiled.profiles.length === 0) return { error: profiled.profileError };
  const everything = [{ fromUs: Number.NEGATIVE_INFINITY, toUs: Number.POSITIVE_INFINITY }];
  return {
    summary: summariseProfile(profiled.profiles[0], everything),
    units: profiled.result.back,
    allBackMs: profiled.result.allBackMs,
  };
}

/** Polls `GET /api/online-count` until it equals `expected` (or the wait is over); the last reading. */
async function checkOnlineCount(url, expected) {
  const started = Date.now();
  let count;
  while (Date.now() - started < ONLINE_COUNT_WAIT_MS) {
    const response = await fetch(`${url}/api/online-count`);
    count = (await response.json()).count;
    if (count === expected) break;
    await sleep(100);
  }
  return { expected, count, exact: count === expected, afterMs: Date.now() - started };
}

/** `profiled`: the baseline whose storm is profiled beside Heartline's (`--profile`). */
async function runBaseline({ root, log, generator, plan, name, script, protocol, profiled = false }) {
  const profile = plan.profile && profiled;
  const server = await startPinnedServer({
    name,
    args: ["--expose-gc", ...(profile ? INSPECT_ARGS : []), script],
    env: { PATH: process.env.PATH ?? "" },
    core: SERVER_CORE,
    cwd: root,
    ipc: true,
  });
  try {
    log(`B4 ${name}: ${plan.connections} connections at ${RATE}/s`);
    const specs = Array.from({ length: plan.connections }, () => ({}));
    const measuredMemory = await measureMemory({ generator, server, protocol, set: name, specs, plan });
    log(`B4 ${name}: storm`);
    const storm = await stormOf({ generator, server, set: name });
    const stormProfile = await profiledStorm({ generator, server, set: name, plan: { profile } });
    await command(generator, { cmd: "close", set: name });
    return { name, ...measuredMemory, storm, stormProfile };
  } finally {
    await server.stop();
  }
}

async function runHeartline({ root, log, generator, plan }) {
  log(`B4 Heartline: seeding ${plan.connections} signed-in guests and starting the server`);
  const heartline = await startEmbedded(root, plan.connections, {
    extraNodeArgs: plan.profile ? INSPECT_ARGS : [],
  });
  const [server] = heartline.nodes;
  try {
    log(`B4 Heartline visitors: ${plan.connections} connections at ${RATE}/s`);
    const visitorSpecs = Array.from({ length: plan.connections }, () => ({}));
    const visitors = await measureMemory({
      generator,
      server,
      protocol: "socketio",
      set: "visitors",
      specs: visitorSpecs,
      plan,
    });
    await command(generator, { cmd: "close", set: "visitors" });
    log(`B4 Heartline signed-in: ${plan.connections} connections at ${RATE}/s`);
    const users = heartline.users.slice(0, plan.connections);
    const specs = users.map((user) => ({
      cookie: user.cookie,
      userId: user.userId,
      username: user.username,
    }));
    const signedIn = await measureMemory({
      generator,
      server,
      protocol: "socketio",
      set: "signed-in",
      specs,
      plan,
    });
    // A share of them in the group room too (joined after the reading: the idle figure is without it).
    log(
      `B4 Heartline storm: ${signedIn.ramp.connected} signed-in connections, ${plan.groupMembers} of them in the group`,
    );
    const joined = await command(generator, { cmd: "join", set: "signed-in", count: plan.groupMembers });
    await waitQuiet(server.pid);
    const countBefore = await checkOnlineCount(server.url, signedIn.ramp.connected);
    const storm = await stormOf({ generator, server, set: "signed-in" });
    const onlineCount = await checkOnlineCount(server.url, storm.back);
    const stormProfile = await profiledStorm({ generator, server, set: "signed-in", plan });
    await command(generator, { cmd: "close", set: "signed-in" });
    return { name: "heartline", visitors, signedIn, joined, countBefore, storm, onlineCount, stormProfile };
  } finally {
    await heartline.stop();
  }
}

export const scenario = {
  id: "B4",
  title: "Capacity and reconnect storm",
  async run({ root, log, full, profile = false }) {
    const plan = { ...planFor(full), profile };
    const started = Date.now();
    const generator = startPinnedWorker({
      name: "B4 load generator",
      script: path.join(root, "bench/lib/b4-load-generator.mjs"),
      cwd: root,
    });
    try {
      const common = { root, log, generator, plan };
      const ws = await runBaseline({
        ...common,
        name: "ws",
        script: "bench/baselines/b4-ws-server.mjs",
        protocol: "raw",
      });
      const socketio = await runBaseline({
        ...common,
        name: "socketio",
        script: "bench/baselines/b4-socketio-server.mjs",
        protocol: "socketio",
        profiled: true,
      });
      const heartline = await runHeartline(common);
      return { plan, rate: RATE, ws, socketio, heartline, durationMs: Date.now() - started };
    } finally {
      await generator.request({ cmd: "exit" }).catch(() => undefined);
      await generator.stop();
    }
  },
  render: renderB4,
};

// B4 load generator (BENCHMARKS.md), started pinned to the load core by b4-capacity.mjs and driven
// over its IPC channel, one command at a time (the bench reads the server's memory between them):
// - { cmd: "connect", set, protocol, target, specs, rate, budgetMs }: opens one connection per spec
//   ({ cookie?, userId?, joinGroup? }) on an open-loop schedule of `rate` per second, checks that the
//   server took the seeded session (`session.userId`), and joins the group where the spec says so;
// - { cmd: "join", set, count }: the first `count` connections of the set join the group (and will
//   rejoin it after a storm);
// - { cmd: "storm", set }: drops every connection of the set at once and reconnects each as
//   socket.io-client would (its first attempt after 0.5–1.5 s, then backing off up to 5 s), the
//   signed-in ones with their cookie, the group's members rejoining it; times the last one back;
// - { cmd: "close", set }, { cmd: "exit" }.
// Plain `ws` clients speaking the Socket.IO wire protocol (b1-wire.mjs): thousands cost the generator
// little. Every answer carries the generator's CPU and event-loop lag over the command.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { connectClient } from "./b1-wire.mjs";
// mulberry32: two runs' storms spread their clients alike.
import { seededRandom } from "./b3-rules.mjs";
import { reconnectDelayMs } from "./b4-memory.mjs";

/**
 * The ramp's connections in flight at most (as B1's seating): a server slower than the schedule then
 * sets the pace (the rate reached is reported) instead of queueing connections until they time out.
 */
const MAX_IN_FLIGHT = 50;
const MAX_ATTEMPTS = 8;
const LAG_RESOLUTION_MS = 5;
const ERROR_SAMPLES = 3;

/** set name → { protocol, target, entries: [{ spec, client }] } */
const sets = new Map();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One connection, signed in as the spec says and in the group if it should be; throws a reason. */
async function open({ protocol, target }, spec) {
  const client = await connectClient({ protocol, target, cookie: spec.cookie, onDelivery: () => {} });
  // An error after the connection (a reset during the storm) must not crash the generator.
  client.socket.on("error", () => {});
  if (spec.userId && client.session?.userId !== spec.userId) {
    client.close();
    throw new Error(`the server did not take the seeded session (${JSON.stringify(client.session)})`);
  }
  if (spec.joinGroup) {
    const ack = await client.emitWithAck("join_group", { userId: spec.userId, username: spec.username });
    if (!ack?.ok) {
      client.close();
      throw new Error(`join_group refused: ${JSON.stringify(ack).slice(0, 200)}`);
    }
  }
  return client;
}

/** Runs `task` and reports the generator's own CPU (ms) and event-loop lag over it. */
async function measured(task) {
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await task();
  const ms = performance.now() - started;
  lag.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const lateMs = (value) => Math.max(0, value / 1e6 - LAG_RESOLUTION_MS);
  return {
    ...result,
    ms,
    generator: {
      cpuMs: (cpu.user + cpu.system) / 1_000,
      lagP99Ms: lag.count > 0 ? lateMs(lag.percentile(99)) : null,
      lagMaxMs: lag.count > 0 ? lateMs(lag.max) : null,
    },
  };
}

async function connectSet({ set, protocol, target, specs, rate, budgetMs }) {
  const entry = { protocol, target, entries: [] };
  sets.set(set, entry);
  const errors = [];
  const started = performance.now();
  let inFlight = 0;
  const pending = [];
  for (const [index, spec] of specs.entries()) {
    // Open loop: connection i is due at i / rate s; a full window of connections in flight waits.
    const due = started + (index * 1_000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight >= MAX_IN_FLIGHT) await sleep(1);
    if (performance.now() - started > budgetMs) break;
    inFlight += 1;
    pending.push(
      open(entry, spec)
        .then((client) => entry.entries.push({ spec, client }))
        .catch((error) => errors.push(error.message))
        .finally(() => {
          inFlight -= 1;
        }),
    );
  }
  await Promise.all(pending);
  return {
    requested: specs.length,
    connected: entry.entries.length,
    failed: errors.length,
    errorSamples: errors.slice(0, ERROR_SAMPLES),
    connectMs: performance.now() - started,
  };
}

/**
 * Drops the whole set at once and brings every client back as socket.io-client would; resolves when
 * every client is back (its session, and its group, again) or has used up its attempts.
 */
async function storm({ set, seed = 1 }) {
  const entry = sets.get(set);
  const random = seededRandom(seed);
  const dropped = entry.entries;
  entry.entries = [];
  const droppedAt = performance.now();
  for (const { client } of dropped) client.close();
  const backMs = [];
  const errors = [];
  let attemptsUsed = 0;
  await Promise.all(
    dropped.map(async ({ spec }) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        await sleep(reconnectDelayMs(attempt, random()));
        attemptsUsed += 1;
        try {
          const client = await open(entry, spec);
          entry.entries.push({ spec, client });
          backMs.push(performance.now() - droppedAt);
          return;
        } catch (error) {
          if (attempt === MAX_ATTEMPTS - 1) errors.push(error.message);
        }
      }
    }),
  );
  backMs.sort((a, b) => a - b);
  const at = (share) =>
    backMs.length > 0 ? backMs[Math.min(backMs.length - 1, Math.floor(share * backMs.length))] : null;
  return {
    dropped: dropped.length,
    back: backMs.length,
    failed: errors.length,
    errorSamples: errors.slice(0, ERROR_SAMPLES),
    attempts: attemptsUsed,
    groupMembers: dropped.filter(({ spec }) => spec.joinGroup).length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    allBackMs: backMs.length === dropped.length ? (backMs.at(-1) ?? 0) : null,
  };
}

async function joinGroup({ set, count }) {
  const entries = sets.get(set).entries.slice(0, count);
  const errors = [];
  let joined = 0;
  for (let start = 0; start < entries.length; start += MAX_IN_FLIGHT) {
    await Promise.all(
      entries.slice(start, start + MAX_IN_FLIGHT).map(async (entry) => {
        const { spec, client } = entry;
        const ack = await client.emitWithAck("join_group", { userId: spec.userId, username: spec.username });
        if (ack?.ok) {
          joined += 1;
          entry.spec = { ...spec, joinGroup: true };
        } else errors.push(`join_group refused: ${JSON.stringify(ack).slice(0, 200)}`);
      }),
    );
  }
  return { joined, failed: errors.length, errorSamples: errors.slice(0, ERROR_SAMPLES) };
}

async function closeSet({ set }) {
  const entry = sets.get(set);
  sets.delete(set);
  for (const { client } of entry?.entries ?? []) client.close();
  return { closed: entry?.entries.length ?? 0 };
}

const COMMANDS = { connect: connectSet, join: joinGroup, storm, close: closeSet };

process.on("message", async (command) => {
  if (command.cmd === "exit") {
    for (const set of [...sets.keys()]) await closeSet({ set });
    process.exit(0);
  }
  try {
    process.send(await measured(() => COMMANDS[command.cmd](command)));
  } catch (error) {
    process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

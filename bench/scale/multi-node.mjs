// `npm run bench:scale` (docs/scaling.md, issue #16): the capacity model checked on several nodes.
// Four Heartline nodes on one PostgreSQL database and one Redis database of the check's own (fresh,
// dropped and flushed afterwards): nodes 1–3 carry the people (group members, random-chat visitors,
// idle signed-in guests), node 4 only idle guests — it pays what every node pays for the others'
// traffic (the streams adapter gives every node every entry). Nodes, Redis and the database's
// PostgreSQL backends on core 0, the load generator (bench/scale/load-generator.mjs) on core 1.
// Steps: idle; each kind of operation alone (its cost per operation on this cluster); then the mix the
// model says core 0 carries at MIX_UTILISATION, and the gap between the model and what was measured.
// Needs DATABASE_URL and REDIS_URL. Prints a Markdown report and writes the raw figures to the system's
// temporary directory (scale-multi-node.json).
import { rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPinnedWorker } from "../lib/processes.mjs";
import { seededHeartline } from "../lib/seeded-heartline.mjs";
import { describeCommit } from "../lib/stats.mjs";
import { between, openReadings } from "./cluster-readings.mjs";
import { MEASURED } from "./measured.mjs";
import { renderReport } from "./report.mjs";
import { mixForBudget, perOperation } from "./step-costs.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** A Redis database of its own (the benches use 11, 13–15, the cluster suites 5–12). */
const REDIS_DB = 4;
const NODES = 4;
/** Nodes 1–3 carry the people; the last one only idle guests (the bystander). */
const CARRYING = 3;
const count = (name, fallback) => Number(process.env[name] ?? fallback);
const GROUP = count("SCALE_GROUP", 600);
const RANDOM = count("SCALE_RANDOM", 900);
const IDLE = count("SCALE_IDLE", 400);
const STEP_MS = count("SCALE_STEP_MS", 15_000);
/** The share of core 0 (nodes, Redis, PostgreSQL) the mix is planned at, by the model. */
const MIX_UTILISATION = count("SCALE_MIX_UTILISATION", 0.5);
const QUIET_SHARE = 0.1;

const log = (line) => console.error(`[scale] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clients of each kind spread round-robin: the people over the carrying nodes, idle guests over all. */
function clientPlan(users, targets) {
  const guests = users.slice(0, GROUP + IDLE);
  return {
    targets,
    seed: 16,
    group: guests.slice(0, GROUP).map((user, index) => ({
      cookie: user.cookie,
      identity: { userId: user.userId, username: user.username },
      node: index % CARRYING,
    })),
    idle: guests.slice(GROUP).map((user, index) => ({ cookie: user.cookie, node: index % NODES })),
    random: Array.from({ length: RANDOM }, (_, index) => ({ node: index % CARRYING })),
  };
}

/** Waits until every node is nearly idle (a room filling up settles before anything is timed). */
async function waitQuiet(readings, maxMs) {
  const deadline = performance.now() + maxMs;
  let before = await readings.read();
  while (performance.now() < deadline) {
    await sleep(1_000);
    const after = await readings.read();
    const { nodesMs, wallMs } = between(before, after);
    if (Math.max(...nodesMs) < wallMs * QUIET_SHARE) return;
    before = after;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function memoryOf(nodes) {
  return Promise.all(nodes.map((node) => node.request({ scaleProbe: "memory" })));
}

async function measureStep(cluster, generator, readings, step) {
  await Promise.all(cluster.nodes.map((node) => node.request({ scaleProbe: "reset" })));
  const before = await readings.read();
  const window = await generator.request({ cmd: "step", step });
  // The servers' CPU over the send window only; what was sent in it is counted after the drain.
  const after = await readings.read();
  const lags = await Promise.all(cluster.nodes.map((node) => node.request({ scaleProbe: "lag" })));
  const figures = window.error ? window : await generator.request({ cmd: "finish" });
  if (figures.error) throw new Error(`load generator: ${figures.error}`);
  return { ...figures, usage: between(before, after), nodeLag: lags.map((reply) => reply.lag) };
}

async function main() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.error("bench:scale needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis)");
    process.exit(2);
  }
  const started = { at: new Date().toISOString(), loadAverage: loadavg() };
  const { startCluster } = seededHeartline({
    name: "b1",
    redisDb: REDIS_DB,
    node: { nodeArgs: ["--expose-gc", "--import", "./bench/scale/loop-probe.mjs"], ipc: true },
  });
  log(`seeding ${GROUP + IDLE} guests into a fresh database and starting ${NODES} nodes`);
  const cluster = await startCluster(ROOT, GROUP + IDLE, NODES);
  const readings = await openReadings({
    databaseUrl: cluster.services.env.DATABASE_URL,
    redisUrl: cluster.services.env.REDIS_URL,
    nodePids: cluster.nodes.map((node) => node.pid),
    redisPid: cluster.redisPid,
  }).catch(async (error) => {
    await cluster.stop();
    throw error;
  });
  const generator = startPinnedWorker({
    name: "scale load generator",
    script: path.join(ROOT, "bench/scale/load-generator.mjs"),
    cwd: ROOT,
  });
  const inputFile = path.join(tmpdir(), `scale-input-${process.pid}.json`);
  try {
    await writeFile(
      inputFile,
      JSON.stringify(
        clientPlan(
          cluster.users,
          cluster.nodes.map((n) => n.url),
        ),
      ),
    );
    await waitQuiet(readings, 10_000);
    const memoryBefore = await memoryOf(cluster.nodes);
    log(`connecting ${GROUP} group members, ${RANDOM} random-chat visitors, ${IDLE} idle guests`);
    const connected = await generator.request({ cmd: "connect", inputFile });
    if (connected.error) throw new Error(`load generator: ${connected.error}`);
    log(`connected in ${(connected.connectMs / 1_000).toFixed(1)} s: ${JSON.stringify(connected.connected)}`);
    await waitQuiet(readings, 30_000);
    const memoryAfter = await memoryOf(cluster.nodes);

    const run = (step) => {
      log(`step ${step.name}`);
      return measureStep(cluster, generator, readings, { drainMs: 2_000, ...step });
    };
    const none = { groupPerSecond: 0, joinsPerSecond: 0, chatPerSecond: 0 };
    // Warm-up (not reported): every path compiled, most random-chat clients in a chat.
    await run({
      ...none,
      name: "warm-up",
      ms: 8_000,
      groupPerSecond: 4,
      joinsPerSecond: 80,
      chatPerSecond: 30,
    });
    const steps = [];
    steps.push(await run({ ...none, name: "idle", ms: 10_000 }));
    steps.push(await run({ ...none, name: "group only", ms: STEP_MS, groupPerSecond: 15 }));
    steps.push(await run({ ...none, name: "random joins only", ms: STEP_MS, joinsPerSecond: 60 }));
    steps.push(await run({ ...none, name: "random messages only", ms: STEP_MS, chatPerSecond: 150 }));
    const connections = connected.connected.group + connected.connected.idle + connected.connected.random;
    const costs = perOperation(steps, { carrying: CARRYING, groupReceivers: GROUP - 1, connections });
    const mix = mixForBudget({
      budgetCoreShare: MIX_UTILISATION,
      idle: costs.idleCoreShare,
      costs: { ...costs.perOperation, groupDeliveryUs: MEASURED.groupDeliveryUs, matchUs: MEASURED.matchUs },
      groupReceivers: GROUP - 1,
    });
    steps.push(
      await run({
        ...none,
        name: "mix (the model's plan)",
        ms: STEP_MS + 5_000,
        groupPerSecond: mix.rates.groupPerSecond,
        joinsPerSecond: mix.rates.joinsPerSecond,
        chatPerSecond: mix.rates.chatPerSecond,
      }),
    );
    const finished = { at: new Date().toISOString(), loadAverage: loadavg() };
    const result = {
      started,
      finished,
      commit: describeCommit(ROOT),
      pinning: cluster.services.pinning(),
      config: { NODES, CARRYING, GROUP, RANDOM, IDLE, STEP_MS, MIX_UTILISATION, REDIS_DB },
      connected,
      memory: { before: memoryBefore, after: memoryAfter },
      steps,
      costs,
      mix,
    };
    await writeFile(path.join(tmpdir(), "scale-multi-node.json"), JSON.stringify(result, null, 2));
    console.log(renderReport(result));
  } finally {
    // A generator that died cannot be asked (a send on its closed channel would crash this process).
    await rm(inputFile, { force: true });
    if (isAlive(generator.pid)) await generator.request({ cmd: "close" }).catch(() => undefined);
    await generator.stop();
    await readings.closeDatabase();
    await cluster.stop();
    // After the nodes stopped (they write their presence on the way out): the check's Redis database empty.
    await readings.flushAndClose();
  }
}

await main();

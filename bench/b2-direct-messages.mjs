// B2 (BENCHMARKS.md; issue: 1,000 connected pairs exchanging DMs at a rising rate): direct messages,
// persisted, acked after commit, delivered. Candidate: the real Heartline server with B2_PAIRS pairs of
// registered, verified people (embedded; and, when DATABASE_URL and REDIS_URL are set, two nodes on
// PostgreSQL + Redis with every sender on node 1 and every receiver on node 2).
// Baseline in the same run: a bare Socket.IO relay that INSERTs each message into the same kind of
// database and emits to the peer's room (baselines/b2-socketio-relay.mjs; on two nodes, two relays
// on the same PostgreSQL database and the Redis streams adapter).
// Servers on core 0, the load generator on core 1; the ladders alternate baseline, Heartline.
// By default (about two minutes) the embedded setup with short steps; `--full` (or B2_SETUPS, B2_STEPS)
// runs both setups and steps long enough for 1,000 latencies where the time allows.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { renderB2, summariseB2 } from "./lib/b2-report.mjs";
import { makeDataDir, removeDirs } from "./lib/heartline-nodes.mjs";
import { runPinnedJson, SERVER_CORE, startPinnedServer } from "./lib/processes.mjs";
import { seededHeartline } from "./lib/seeded-heartline.mjs";

/** A Redis database of its own (B1 uses 13, B3 14, the fault tests 10, the cluster suites 12). */
const { startCluster, startEmbedded } = seededHeartline({ name: "b2", redisDb: 15 });

const PAIRS = Number(process.env.B2_PAIRS ?? 1_000);
/** A step lasts long enough for this many latencies behind its p99 (BENCHMARKS.md), up to MAX_STEP_MS. */
const SAMPLES_PER_STEP = 1_000;
/** A step is carried (the server kept up, latency bar aside) with everything delivered and p50 ≤ this. */
const CARRY_P50_MS = 100;
const WARMUP = { rate: 25, ms: 2_000 };

/**
 * Messages per second over all pairs (1,000 pairs at 1/s each = 1,000), and the setups: the short
 * default or `--full`. `B2_SETUPS=cluster` runs only the two-node setup.
 */
function planFor(full) {
  const stepMs = Number(process.env.B2_STEP_MS ?? (full ? 4_000 : 2_000));
  const maxStepMs = full ? 6_000 : stepMs;
  const rates =
    process.env.B2_STEPS ??
    (full ? "10,25,50,100,250,500,750,1000,1500,2000,3000" : "10,50,100,250,500,1000,2000");
  return {
    steps: rates.split(",").map((rate) => ({
      rate: Number(rate),
      ms: Math.max(stepMs, Math.min(maxStepMs, (SAMPLES_PER_STEP * 1_000) / Number(rate))),
    })),
    setups: (process.env.B2_SETUPS ?? (full ? "embedded,cluster" : "embedded")).split(","),
  };
}
const DRAIN_MS = 3_000;
const ROUNDS = Number(process.env.B2_ROUNDS ?? 2);
const MESSAGE_BYTES = 100;
const CONNECT_BUDGET_MS = Number(process.env.B2_CONNECT_BUDGET_MS ?? 120_000);

function startRelay(root, name, env) {
  return startPinnedServer({
    name,
    args: ["bench/baselines/b2-socketio-relay.mjs"],
    env: { PATH: process.env.PATH ?? "", ...env },
    core: SERVER_CORE,
    cwd: root,
  });
}

/** Each pair: person 2k sends to person 2k+1; on two nodes the sender on node 0, the receiver on node 1. */
function pairsOf(users, nodes, cookieOf) {
  return Array.from({ length: PAIRS }, (_, index) => {
    const sender = users[index * 2];
    const receiver = users[index * 2 + 1];
    return {
      sender: { userId: sender.userId, cookie: cookieOf(sender), node: 0 },
      receiver: { userId: receiver.userId, cookie: cookieOf(receiver), node: nodes - 1 },
    };
  });
}

async function measure(root, log, label, steps, heartline, heartlinePids, relays, sharedPids = []) {
  const nodes = heartline.nodes.length;
  const servers = [
    {
      name: "baseline",
      targets: relays.map((relay) => relay.url),
      pids: [...relays.map((relay) => relay.pid), ...sharedPids],
      pairs: pairsOf(heartline.users, nodes, (user) => `b2user=${user.userId}`),
    },
    {
      name: "heartline",
      targets: heartline.nodes.map((node) => node.url),
      pids: heartlinePids,
      pairs: pairsOf(heartline.users, nodes, (user) => user.cookie),
    },
  ];
  const dir = await mkdtemp(path.join(tmpdir(), "b2-input-"));
  try {
    const inputFile = path.join(dir, "input.json");
    const bar = { deliveryP99Ms: 20, ackP99Ms: 30, carryP50Ms: CARRY_P50_MS };
    await writeFile(
      inputFile,
      JSON.stringify({
        servers,
        rounds: ROUNDS,
        warmup: WARMUP,
        steps,
        drainMs: DRAIN_MS,
        messageBytes: MESSAGE_BYTES,
        connectBudgetMs: CONNECT_BUDGET_MS,
        bar,
      }),
    );
    log(`B2 ${label}: ${PAIRS} pairs, baseline and Heartline × ${ROUNDS} rounds`);
    const output = await runPinnedJson({
      script: path.join(root, "bench/lib/b2-load-generator.mjs"),
      input: inputFile,
      cwd: root,
      timeoutMs: 420_000,
    });
    await writeFile(path.join(tmpdir(), `b2-output-${label.split(/\W/)[0]}.json`), JSON.stringify(output));
    return summariseB2(label, output, { steps });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const scenario = {
  id: "B2",
  title: "Direct messages",
  bar: "delivery p99 ≤ 20 ms and ≤ 2× baseline p99; ack-after-commit p99 ≤ 30 ms on PostgreSQL",
  /** @param {{ root: string, log: (line: string) => void, full?: boolean }} context */
  async run({ root, log, full = false }) {
    const started = Date.now();
    const { steps, setups } = planFor(full);
    const loadAverage = loadavg();
    const results = [];
    if (setups.includes("embedded")) {
      log(`B2 embedded: seeding ${PAIRS * 2} registered people and starting Heartline`);
      const embedded = await startEmbedded(root, PAIRS * 2);
      try {
        const pgliteDir = await makeDataDir();
        const relay = await startRelay(root, "B2 relay baseline (PGlite)", { B2_PGLITE_DIR: pgliteDir });
        try {
          results.push(
            await measure(root, log, "embedded", steps, embedded, [embedded.nodes[0].pid], [relay]),
          );
        } finally {
          await relay.stop();
          await removeDirs([pgliteDir]);
        }
      } finally {
        await embedded.stop();
      }
    }
    if (!setups.includes("cluster")) {
      log("B2: the two-node setup is not run by default (`npm run bench -- b2 --full` or B2_SETUPS=cluster)");
    } else if (process.env.DATABASE_URL && process.env.REDIS_URL) {
      log(`B2 two nodes: seeding ${PAIRS * 2} registered people into PostgreSQL and starting two nodes`);
      const cluster = await startCluster(root, PAIRS * 2);
      const relays = [];
      try {
        // One after the other: the first creates the baseline's table.
        for (const index of [1, 2]) {
          relays.push(await startRelay(root, `B2 relay baseline ${index}`, cluster.services.env));
        }
        // Redis' CPU counts for both (both use its streams); PostgreSQL's is not measured (not a child).
        const pids = [...cluster.nodes.map((node) => node.pid), cluster.redisPid];
        results.push(
          await measure(root, log, "two nodes, PostgreSQL + Redis", steps, cluster, pids, relays, [
            cluster.redisPid,
          ]),
        );
      } finally {
        await Promise.all(relays.map((relay) => relay.stop()));
        await cluster.stop();
      }
    } else {
      log("B2: DATABASE_URL and REDIS_URL not both set: the two-node run is skipped");
    }
    return {
      results,
      durationMs: Date.now() - started,
      loadAverage,
      config: { PAIRS, STEPS: steps, FULL: full, WARMUP, DRAIN_MS, ROUNDS, MESSAGE_BYTES, CARRY_P50_MS },
    };
  },
  render: renderB2,
};

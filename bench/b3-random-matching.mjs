// B3 (BENCHMARKS.md): random matching churn. 2,000 socket.io clients, joins on a schedule ramping
// 200 → 2,000/s, instant next. Candidate: the real Heartline server (embedded; and, when
// DATABASE_URL and REDIS_URL are set, two nodes on PostgreSQL + Redis, reported separately).
// Baseline in the same run: in-process FIFO pairing in bare Socket.IO (baselines/b3-fifo-server.mjs).
// Servers run on core 0, the load generator on core 1; baseline and candidate alternate A B A B.
import path from "node:path";
import { renderB3 } from "./lib/b3-report.mjs";
import { AUTH_SECRET, prepareSharedServices, startOwnedNode } from "./lib/heartline-nodes.mjs";
import { runPinnedJson, SERVER_CORE, startPinnedServer } from "./lib/processes.mjs";
import { median } from "./lib/stats.mjs";

const CLIENTS = 2_000;
const STEPS = [200, 500, 1_000, 1_500, 2_000].map((rate) => ({ rate, ms: 1_500 }));
const WARMUP = { rate: 300, ms: 1_500 };
const DRAIN_MS = 1_500;
const ROUNDS = Number(process.env.B3_ROUNDS ?? 2);
/** A Redis database of its own, flushed before the cluster runs, so no earlier line interferes. */
const REDIS_DB = 14;
const BAR = { matchesPerSecond: 1_000, p99Ms: 50, ratio: 0.8 };

function startHeartline(root, name, env) {
  return startOwnedNode(root, { name, env });
}

/** The PostgreSQL + Redis shape: a fresh database, a flushed Redis database, two nodes. */
async function startCluster(root) {
  const services = await prepareSharedServices({ databasePrefix: "heartline_bench", redisDb: REDIS_DB });
  const nodes = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await services.drop();
  };
  try {
    // One after the other: the first applies the migrations.
    nodes.push(await startHeartline(root, "heartline node 1", services.env));
    nodes.push(await startHeartline(root, "heartline node 2", services.env));
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, redisPid: services.redisPid, stop };
}

/**
 * One load run against `targets`; `pids` are the server processes whose CPU time is measured;
 * `aliasSecret` (Heartline only) lets the generator recognise partners by their per-pair alias.
 */
async function loadRun(root, targets, pids, seed, aliasSecret) {
  const result = await runPinnedJson({
    script: path.join(root, "bench/lib/b3-load-generator.mjs"),
    input: {
      targets,
      clients: CLIENTS,
      warmup: WARMUP,
      steps: STEPS,
      drainMs: DRAIN_MS,
      seed,
      serverPids: pids,
      ...(aliasSecret ? { aliasSecret } : {}),
    },
    cwd: root,
    timeoutMs: 90_000,
  });
  const top = result.steps.at(-1);
  // A Redis on another machine has no /proc entry here: its CPU is left out (NaN is skipped).
  const cpuMs = result.serverCpuMs.filter(Number.isFinite).reduce((sum, value) => sum + value, 0);
  return {
    matchedPerSecond: top.matchedPerSecond,
    pairsPerSecond: top.matchedPerSecond / 2,
    pairingP50Ms: result.pairing.p50Ms,
    pairingP99Ms: result.pairing.p99Ms,
    waitP50Ms: result.wait.p50Ms,
    waitP99Ms: result.wait.p99Ms,
    cpuMsPerThousandMatched: (cpuMs * 1_000) / Math.max(1, result.recordedMatched),
    ...result,
  };
}

function summarise(runs) {
  const pick = (key) => median(runs.map((run) => run[key]));
  const total = (key) => runs.reduce((sum, run) => sum + run.counts[key], 0);
  return {
    matchedPerSecond: pick("matchedPerSecond"),
    pairsPerSecond: pick("pairsPerSecond"),
    pairingP50Ms: pick("pairingP50Ms"),
    pairingP99Ms: pick("pairingP99Ms"),
    waitP50Ms: pick("waitP50Ms"),
    waitP99Ms: pick("waitP99Ms"),
    cpuMsPerThousandMatched: pick("cpuMsPerThousandMatched"),
    connectMs: pick("connectMs"),
    selfMatches: total("selfMatches"),
    doubleMatches: total("doubleMatches"),
    preferenceViolations: total("preferenceViolations"),
    ackErrors: total("ackErrors"),
    skippedNoFreeClient: total("skippedNoFreeClient"),
    matched: total("matched"),
    pairsAfterCooldown: total("pairsAfterCooldown"),
    stillWaiting: median(runs.map((run) => run.stillWaiting)),
    ackErrorSamples: runs.flatMap((run) => run.ackErrorSamples).slice(0, 3),
    steps: STEPS.map((step, index) => ({
      rate: step.rate,
      matchedPerSecond: median(runs.map((run) => run.steps[index].matchedPerSecond)),
      pairingP99Ms: median(runs.map((run) => run.steps[index].pairing.p99Ms ?? Number.NaN)),
    })),
  };
}

/** A B A B …: baseline then candidate each round, the same crowd (seed) for both within a round. */
async function alternate(root, log, label, baseline, candidate) {
  const baselineRuns = [];
  const candidateRuns = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const seed = 1_000 + round;
    log(`B3 ${label}: round ${round + 1}/${ROUNDS} baseline`);
    baselineRuns.push(await loadRun(root, [baseline.url], [baseline.pid], seed));
    log(`B3 ${label}: round ${round + 1}/${ROUNDS} candidate`);
    candidateRuns.push(await loadRun(root, candidate.targets, candidate.pids, seed, AUTH_SECRET));
  }
  const base = summarise(baselineRuns);
  const cand = summarise(candidateRuns);
  const violations = cand.selfMatches + cand.doubleMatches + cand.preferenceViolations;
  return {
    label,
    baseline: base,
    candidate: cand,
    ratio: cand.matchedPerSecond / base.matchedPerSecond,
    cpuRatio: cand.cpuMsPerThousandMatched / base.cpuMsPerThousandMatched,
    passes: {
      matches: cand.matchedPerSecond >= BAR.matchesPerSecond,
      p99: cand.pairingP99Ms <= BAR.p99Ms,
      violations: violations === 0,
      ratio: cand.matchedPerSecond / base.matchedPerSecond >= BAR.ratio,
    },
  };
}

export const scenario = {
  id: "B3",
  title: "Random matching churn",
  bar: "≥ 1,000 matches/s; join→matched p99 ≤ 50 ms; 0 self-matches, 0 double matches, 0 preference violations; ≥ 0.8× baseline",
  /** @param {{ root: string, log: (line: string) => void }} context */
  async run({ root, log }) {
    const started = Date.now();
    const baseline = await startPinnedServer({
      name: "B3 baseline",
      args: ["bench/baselines/b3-fifo-server.mjs"],
      env: { PATH: process.env.PATH ?? "" },
      core: SERVER_CORE,
      cwd: root,
    });
    const results = [];
    try {
      const embedded = await startHeartline(root, "heartline (embedded)", {});
      try {
        results.push(
          await alternate(root, log, "embedded", baseline, { targets: [embedded.url], pids: [embedded.pid] }),
        );
      } finally {
        await embedded.stop();
      }
      if (process.env.DATABASE_URL && process.env.REDIS_URL) {
        const cluster = await startCluster(root);
        try {
          const pids = [...cluster.nodes.map((node) => node.pid), cluster.redisPid];
          const targets = cluster.nodes.map((node) => node.url);
          results.push(
            await alternate(root, log, "two nodes, PostgreSQL + Redis", baseline, { targets, pids }),
          );
        } finally {
          await cluster.stop();
        }
      } else {
        log("B3: DATABASE_URL and REDIS_URL not both set: the two-node run is skipped");
      }
    } finally {
      await baseline.stop();
    }
    return {
      results,
      durationMs: Date.now() - started,
      config: { CLIENTS, WARMUP, STEPS, DRAIN_MS, ROUNDS },
    };
  },
  render: renderB3,
};

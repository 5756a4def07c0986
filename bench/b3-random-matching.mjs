// B3 (BENCHMARKS.md): random matching churn. 2,000 socket.io clients, joins on a schedule ramping
// 200 → 2,000/s, instant next. Candidate: the real Heartline server (embedded; and, when
// DATABASE_URL and REDIS_URL are set, two nodes on PostgreSQL + Redis, reported separately).
// Baseline in the same run: in-process FIFO pairing in bare Socket.IO (baselines/b3-fifo-server.mjs).
// Servers run on core 0 (on two nodes Redis and the database's PostgreSQL backends too), the load
// generator on core 1; baseline and candidate alternate A B A B. After the bar's ramp the join rate
// keeps climbing (the open-loop capacity ladder) until the matcher stops keeping up: the ratio to the
// baseline compares those capacities, which the bar's 2,000 joins/s schedule would cap.
// By default (about two minutes) the embedded setup with 1 s steps; `--full` adds the two-node setup and
// makes the steps longer and the ladder higher.
import path from "node:path";
import { renderB3 } from "./lib/b3-report.mjs";
import { epochToProfileMicros, INSPECT_ARGS, whileProfiling } from "./lib/cpu-profile.mjs";
import { AUTH_SECRET, prepareSharedServices, startOwnedNode } from "./lib/heartline-nodes.mjs";
import { runPinnedJson, SERVER_CORE, startPinnedServer } from "./lib/processes.mjs";
import { mergeSummaries, summariseProfile } from "./lib/profile-summary.mjs";
import { generatorSaturated, median, topOfRun } from "./lib/stats.mjs";

const CLIENTS = 2_000;
const BAR_RATES = [200, 500, 1_000, 1_500, 2_000];
/**
 * Join rates past the bar's ramp, until the matcher stops keeping up. The short ladder reaches past the
 * 8,000/s the FIFO baseline still kept up with (issue #35: a ratio needs both limits found);
 * `B3_CAPACITY_RATES=3000,6000,…` replaces either ladder.
 */
const CAPACITY_RATES = {
  short: [3_000, 4_000, 6_000, 8_000, 10_000, 12_000],
  full: [3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 12_000, 14_000],
};

/** The ladder of a run: `B3_CAPACITY_RATES` when set, else the short or the full one. */
function capacityRates(full) {
  const override = process.env.B3_CAPACITY_RATES?.split(",").map(Number);
  if (!override?.length) return full ? CAPACITY_RATES.full : CAPACITY_RATES.short;
  if (override.some((rate) => !Number.isInteger(rate) || rate <= 0))
    throw new Error(
      `B3_CAPACITY_RATES must list positive whole join rates, got ${process.env.B3_CAPACITY_RATES}`,
    );
  return override;
}
/** A step is kept up with when the matches per second reach this share of its join rate. */
const KEPT_UP_SHARE = 0.9;
const WARMUP = { rate: 300, ms: 1_500 };
const DRAIN_MS = 1_500;

/** The schedule of a run: the short default or `--full`. */
function planFor(full) {
  const capacity = capacityRates(full);
  return {
    full,
    rounds: Number(process.env.B3_ROUNDS ?? 3),
    /** `B3_SETUPS=cluster` runs only the two-node setup; the default is the embedded one, `--full` both. */
    setups: (process.env.B3_SETUPS ?? (full ? "embedded,cluster" : "embedded")).split(","),
    steps: [
      ...BAR_RATES.map((rate) => ({ rate, ms: full ? 1_500 : 1_000 })),
      ...capacity.map((rate) => ({ rate, ms: full ? 3_000 : 1_000, capacity: true })),
    ],
  };
}
/** A Redis database of its own, flushed before the cluster runs, so no earlier line interferes. */
const REDIS_DB = 14;
const BAR = { matchesPerSecond: 1_000, p99Ms: 50, ratio: 0.8 };

/**
 * `B3_CPU_PROF_DIR=/some/dir` profiles every Heartline node with `--cpu-prof` (issue #16: profile first);
 * `B3_NODE_ARGS="--flag …"` gives Heartline's nodes extra node flags (as B1's and B4's `_NODE_ARGS`).
 */
function startHeartline(root, name, env, inspect = []) {
  const profileDir = process.env.B3_CPU_PROF_DIR;
  const nodeArgs = [
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env.B3_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
    ...inspect,
  ];
  return startOwnedNode(root, { name, env, nodeArgs });
}

/** The PostgreSQL + Redis shape: a fresh database, a flushed Redis database, two nodes. */
async function startCluster(root, inspect) {
  const services = await prepareSharedServices({ databasePrefix: "heartline_bench", redisDb: REDIS_DB });
  const nodes = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await services.drop();
  };
  try {
    // One after the other: the first applies the migrations.
    nodes.push(await startHeartline(root, "heartline node 1", services.env, inspect));
    nodes.push(await startHeartline(root, "heartline node 2", services.env, inspect));
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, redisPid: services.redisPid, pinning: services.pinning, stop };
}

/**
 * One load run against `targets`; `pids` are the server processes whose CPU time is measured;
 * `aliasSecret` (Heartline only) lets the generator recognise partners by their per-pair alias; a
 * candidate's steps are judged against `baselineRun`, the baseline's run of the same round (the same
 * crowd and schedule): see `matchable`.
 */
async function loadRun(root, plan, targets, pids, seed, aliasSecret, baselineRun) {
  const result = await runPinnedJson({
    script: path.join(root, "bench/lib/b3-load-generator.mjs"),
    input: {
      targets,
      clients: CLIENTS,
      warmup: WARMUP,
      steps: plan.steps,
      drainMs: DRAIN_MS,
      seed,
      // `B3_LANGUAGES=none`: a crowd that gives no languages (the matching before issue #39), to compare.
      languages: process.env.B3_LANGUAGES !== "none",
      serverPids: pids,
      ...(aliasSecret ? { aliasSecret } : {}),
    },
    cwd: root,
    timeoutMs: 120_000,
  });
  const barSteps = result.steps.filter((step) => !step.capacity);
  const top = barSteps.at(-1);
  const steps = plan.steps.map((planned, index) =>
    judgeStep(planned, result.steps[index], baselineRun?.steps[index]),
  );
  const capacity = topOfRun(steps, (step) => step.keptUp);
  // CPU per match over the bar's ramp (a Redis on another machine has no /proc entry: NaN is skipped).
  const sum = (values) => values.filter(Number.isFinite).reduce((total, value) => total + value, 0);
  const barMatched = sum(barSteps.map((step) => (step.matchedPerSecond * step.ms) / 1_000));
  return {
    matchedPerSecond: top.matchedPerSecond,
    pairsPerSecond: top.matchedPerSecond / 2,
    pairingP50Ms: result.pairing.p50Ms,
    pairingP99Ms: result.pairing.p99Ms,
    pairingSamples: result.pairing.count,
    waitP50Ms: result.wait.p50Ms,
    waitP99Ms: result.wait.p99Ms,
    cpuMsPerThousandMatched:
      barMatched > 0 ? (sum(barSteps.map((step) => step.serverCpuMs)) * 1_000) / barMatched : Number.NaN,
    ...result,
    steps,
    capacityRate: capacity.top?.rate ?? 0,
    capacityMatchedPerSecond: capacity.top?.matchedPerSecond ?? 0,
    capacityEndedBy: capacity.endedBy,
  };
}

/**
 * What a step could match: its join rate, or, for a candidate, what the baseline matched in the same step
 * of the same round when that is less and the baseline's step was valid. At low rates the crowd's
 * preferences leave some joins without a compatible partner inside the step whatever the server (about
 * 9 % at 500 joins/s, for the baseline too), so 90 % of the join rate there judged noise.
 */
function matchable(run, baselineStep) {
  if (!baselineStep?.ran || baselineStep.invalid) return run.rate;
  return Math.min(run.rate, baselineStep.matchedPerSecond);
}

/**
 * One step of one run, judged: *kept up* when the matches per second reached 90 % of what the step could
 * match (`matchable`) and the generator could offer it (no slot without a free client, not saturated);
 * *invalid* when it could not, which says nothing about the server.
 */
function judgeStep(planned, run, baselineStep) {
  if (!run) return { rate: planned.rate, capacity: planned.capacity === true, ran: false };
  const generatorLagP99Ms = run.generatorLag.p99Ms ?? Number.NaN;
  const invalid =
    run.skipped > 0 ||
    generatorSaturated({ cpuMs: run.generatorCpuMs, ms: run.ms, lagP99Ms: generatorLagP99Ms });
  return {
    rate: run.rate,
    capacity: run.capacity === true,
    ran: true,
    ms: run.ms,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    matchedPerSecond: run.matchedPerSecond,
    pairing: run.pairing,
    skipped: run.skipped,
    serverCpuPercent: (run.serverCpuMs * 100) / run.ms,
    generatorCpuPercent: (run.generatorCpuMs * 100) / run.ms,
    generatorLagP99Ms,
    invalid,
    keptUp: !invalid && run.matchedPerSecond >= KEPT_UP_SHARE * matchable(run, baselineStep),
  };
}

/** The median run by capacity (the lower middle one of an even count). */
function medianRun(runs) {
  const order = runs
    .map((run, index) => ({ run, index }))
    .sort((a, b) => a.run.capacityRate - b.run.capacityRate || a.index - b.index);
  return order[Math.floor((order.length - 1) / 2)];
}

function summarise(runs, plan) {
  const pick = (key) => median(runs.map((run) => run[key]));
  const { run: capacityRun, index: capacityRound } = medianRun(runs);
  const total = (key) => runs.reduce((sum, run) => sum + run.counts[key], 0);
  return {
    matchedPerSecond: pick("matchedPerSecond"),
    pairsPerSecond: pick("pairsPerSecond"),
    pairingP50Ms: pick("pairingP50Ms"),
    pairingP99Ms: pick("pairingP99Ms"),
    pairingSamples: pick("pairingSamples"),
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
    // Issue #39: of the pairs where both gave languages, the share with one in common (all rounds),
    // and what pairing blind to languages would give over the same crowds.
    languagePairs: total("languagePairs"),
    sharedLanguageShare: total("sharedLanguagePairs") / total("languagePairs"),
    randomPairingLanguageShare: median(runs.map((run) => run.randomPairingLanguageShare)),
    stillWaiting: median(runs.map((run) => run.stillWaiting)),
    ackErrorSamples: runs.flatMap((run) => run.ackErrorSamples).slice(0, 3),
    steps: plan.steps
      .filter((step) => !step.capacity)
      .map((step, index) => ({
        rate: step.rate,
        matchedPerSecond: median(runs.map((run) => run.steps[index].matchedPerSecond)),
        pairingP99Ms: median(runs.map((run) => run.steps[index].pairing.p99Ms ?? Number.NaN)),
        samples: median(runs.map((run) => run.steps[index].pairing.count)),
      })),
    /** The capacity ladder of the median run, whole. */
    capacity: {
      round: capacityRound,
      rates: runs.map((run) => run.capacityRate),
      rate: capacityRun.capacityRate,
      matchedPerSecond: capacityRun.capacityMatchedPerSecond,
      endedBy: capacityRun.capacityEndedBy,
      steps: capacityRun.steps,
    },
  };
}

/**
 * `alternate`, then with `--profile` one more round (a new crowd) with the candidate's nodes and the
 * baseline profiled: each side's samples inside the steps of the bar's ramp, per match made in them.
 * The sampler slows a server, so it never runs in a measured round.
 */
async function alternateProfiled(root, log, label, baseline, candidate, plan) {
  const result = await alternate(root, log, label, baseline, candidate, plan);
  if (!plan.profile) return result;
  log(`B3 ${label}: one more round, profiled`);
  const seed = 1_000 + plan.rounds;
  const profiled = await whileProfiling([...candidate.servers, baseline], async () => {
    const baselineRun = await loadRun(root, plan, [baseline.url], [baseline.pid], seed);
    const candidateRun = await loadRun(
      root,
      plan,
      candidate.targets,
      candidate.pids,
      seed,
      AUTH_SECRET,
      baselineRun,
    );
    return { baselineRun, candidateRun };
  });
  const { profiles } = profiled;
  if (profiles.length === 0) return { ...result, profile: { error: profiled.profileError } };
  const side = (run, ownProfiles) => {
    const steps = run.steps.filter((step) => step.ran && !step.capacity);
    const windows = steps.map((step) => ({
      fromUs: epochToProfileMicros(step.startedAt),
      toUs: epochToProfileMicros(step.endedAt),
    }));
    return {
      units: steps.reduce((sum, step) => sum + (step.matchedPerSecond * step.ms) / 1_000, 0),
      summary: mergeSummaries(ownProfiles.map((profile) => summariseProfile(profile, windows))),
    };
  };
  return {
    ...result,
    profile: {
      candidate: { label: "Heartline", ...side(profiled.result.candidateRun, profiles.slice(0, -1)) },
      baseline: { label: "the FIFO baseline", ...side(profiled.result.baselineRun, profiles.slice(-1)) },
    },
  };
}

/** A B A B …: baseline then candidate each round, the same crowd (seed) for both within a round. */
async function alternate(root, log, label, baseline, candidate, plan) {
  const baselineRuns = [];
  const candidateRuns = [];
  for (let round = 0; round < plan.rounds; round += 1) {
    const seed = 1_000 + round;
    log(`B3 ${label}: round ${round + 1}/${plan.rounds} baseline`);
    baselineRuns.push(await loadRun(root, plan, [baseline.url], [baseline.pid], seed));
    log(`B3 ${label}: round ${round + 1}/${plan.rounds} candidate`);
    candidateRuns.push(
      await loadRun(root, plan, candidate.targets, candidate.pids, seed, AUTH_SECRET, baselineRuns.at(-1)),
    );
  }
  const base = summarise(baselineRuns, plan);
  const cand = summarise(candidateRuns, plan);
  const violations = cand.selfMatches + cand.doubleMatches + cand.preferenceViolations;
  // Capacities compared: matches/s at each one's highest step kept up (every lower step kept up too).
  // A side whose generator gave out before any step was kept up has no capacity to compare: n/a.
  const measured = (summary) => summary.capacity.rate > 0 || summary.capacity.endedBy === "server";
  const ratio =
    measured(cand) && measured(base)
      ? cand.capacity.matchedPerSecond / base.capacity.matchedPerSecond
      : Number.NaN;
  return {
    label,
    pinning: candidate.pinning?.(),
    baseline: base,
    candidate: cand,
    ratio,
    rampRatio: cand.matchedPerSecond / base.matchedPerSecond,
    cpuRatio: cand.cpuMsPerThousandMatched / base.cpuMsPerThousandMatched,
    passes: {
      matches: cand.capacity.matchedPerSecond >= BAR.matchesPerSecond,
      p99: cand.pairingP99Ms <= BAR.p99Ms,
      violations: violations === 0,
      ratio: ratio >= BAR.ratio,
    },
  };
}

export const scenario = {
  id: "B3",
  title: "Random matching churn",
  bar: "≥ 1,000 matches/s; join→matched p99 ≤ 50 ms; 0 self-matches, 0 double matches, 0 preference violations; ≥ 0.8× baseline",
  /** @param {{ root: string, log: (line: string) => void, full?: boolean, profile?: boolean }} context */
  async run({ root, log, full = false, profile = false }) {
    const started = Date.now();
    const plan = { ...planFor(full), profile };
    const inspect = profile ? INSPECT_ARGS : [];
    const baseline = await startPinnedServer({
      name: "B3 baseline",
      args: [...inspect, "bench/baselines/b3-fifo-server.mjs"],
      env: { PATH: process.env.PATH ?? "" },
      core: SERVER_CORE,
      cwd: root,
    });
    const results = [];
    try {
      if (plan.setups.includes("embedded")) {
        const embedded = await startHeartline(root, "heartline (embedded)", {}, inspect);
        try {
          const candidate = { targets: [embedded.url], pids: [embedded.pid], servers: [embedded] };
          results.push(await alternateProfiled(root, log, "embedded", baseline, candidate, plan));
        } finally {
          await embedded.stop();
        }
      }
      if (!plan.setups.includes("cluster")) {
        log(
          "B3: the two-node setup is not run by default (`npm run bench -- b3 --full` or B3_SETUPS=cluster)",
        );
      } else if (process.env.DATABASE_URL && process.env.REDIS_URL) {
        const cluster = await startCluster(root, inspect);
        try {
          const pids = [...cluster.nodes.map((node) => node.pid), cluster.redisPid];
          const targets = cluster.nodes.map((node) => node.url);
          results.push(
            await alternateProfiled(
              root,
              log,
              "two nodes, PostgreSQL + Redis",
              baseline,
              { targets, pids, pinning: cluster.pinning, servers: cluster.nodes },
              plan,
            ),
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
      config: {
        CLIENTS,
        WARMUP,
        STEPS: plan.steps.filter((step) => !step.capacity),
        CAPACITY_STEPS: plan.steps.filter((step) => step.capacity),
        FULL: full,
        PROFILE: profile,
        SETUPS: plan.setups,
        KEPT_UP_SHARE,
        DRAIN_MS,
        ROUNDS: plan.rounds,
        LANGUAGES: process.env.B3_LANGUAGES !== "none",
      },
    };
  },
  render: renderB3,
};

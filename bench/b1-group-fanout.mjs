// B1 (BENCHMARKS.md): group room fan-out. 2,000 websocket clients in the group room, one publisher
// stepping up its rate, 100-byte messages, stored. Candidate: the real Heartline server with 2,000
// signed-in guests (embedded; and, when DATABASE_URL and REDIS_URL are set, two nodes on PostgreSQL +
// Redis with the clients split across both, cross-node deliveries reported separately).
// Baselines in the same run: a bare `ws` server broadcasting a pre-serialised buffer
// (baselines/b1-ws-server.mjs) and bare Socket.IO `io.to(room).emit` (baselines/b1-socketio-server.mjs).
// Servers on core 0 (on two nodes Redis and the database's PostgreSQL backends too), the load
// generator on core 1; the ladders alternate Heartline, ws, Socket.IO, round after round, over
// connections opened once; each server's median round is reported.
// By default (about two minutes): the embedded setup, a short ladder, 3 rounds; each step's p99 then
// rests on tens of messages, and the report says so. `--full`: every setup, and every step long
// enough for ≥ 1,000 messages.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderB1 } from "./lib/b1-report.mjs";
import { MIN_MESSAGES_FOR_P99, summariseB1, summariseRound } from "./lib/b1-summary.mjs";
import { connectClient } from "./lib/b1-wire.mjs";
import { epochToProfileMicros, INSPECT_ARGS, whileProfiling } from "./lib/cpu-profile.mjs";
import { runPinnedJson, SERVER_CORE, startPinnedServer } from "./lib/processes.mjs";
import { mergeSummaries, summariseProfile } from "./lib/profile-summary.mjs";
import { seededHeartline } from "./lib/seeded-heartline.mjs";

/** A Redis database of its own (B2 uses 15, B3 14, the fault tests 10, the cluster suites 12). */
const { startCluster, startEmbedded } = seededHeartline({ name: "b1", redisDb: 13 });

const RECEIVERS = Number(process.env.B1_RECEIVERS ?? 2_000);
/** Heartline allows a sender 10 messages per 10 s: 100 guests of the room take turns publishing. */
const SENDERS = 100;
/** Seating every client (connect, sign-in by cookie, join_group) must fit in this. */
const CONNECT_BUDGET_MS = Number(process.env.B1_CONNECT_BUDGET_MS ?? 90_000);
/** Messages per second; × 2,000 receivers = offered deliveries per second. */
const FULL_RATES = [10, 15, 20, 30, 40, 60, 80];
const SHORT_RATES = [10, 20, 30, 40, 60, 80];
/** `--full`: each step lasts long enough for ≥ 1,000 messages (at least 1.5 s). */
const fullStep = (rate) => ({ rate, ms: Math.max(1_500, Math.ceil((MIN_MESSAGES_FOR_P99 * 1_000) / rate)) });
const shortStep = (rate) => ({ rate, ms: 1_000 });
const DRAIN_MS = 3_000;
const ROUNDS = Number(process.env.B1_ROUNDS ?? 3);
const MESSAGE_BYTES = 100;
/** A step whose window delivered less than 70 % of what it offered ends the ladder. */
const STOP_AFTER_BACKLOG = 0.3;
const PROBE_TIMEOUT_MS = 10_000;

async function startBaseline(root, name, script, nodeArgs = []) {
  return startPinnedServer({
    name,
    args: [...nodeArgs, script],
    env: { PATH: process.env.PATH ?? "" },
    core: SERVER_CORE,
    cwd: root,
  });
}

/** Can a seeded guest join the group on this server? Resolves with the refusal, or undefined. */
async function probeGroup(target, guest) {
  const timeout = new Promise((resolve) => {
    setTimeout(
      () => resolve(`no answer to join_group within ${PROBE_TIMEOUT_MS / 1_000} s`),
      PROBE_TIMEOUT_MS,
    ).unref();
  });
  const attempt = (async () => {
    const client = await connectClient({
      protocol: "socketio",
      target,
      cookie: guest.cookie,
      onDelivery: () => {},
    });
    try {
      if (client.session?.userId !== guest.userId)
        return `the server did not take the seeded session (${JSON.stringify(client.session)})`;
      const ack = await client.emitWithAck("join_group", { userId: guest.userId, username: guest.username });
      return ack?.ok ? undefined : `join_group refused: ${JSON.stringify(ack)}`;
    } finally {
      client.close();
    }
  })().catch((error) => `connecting failed: ${error.message}`);
  return Promise.race([attempt, timeout]);
}

function baselineServers(baselines) {
  const receivers = Array.from({ length: RECEIVERS }, () => ({ node: 0 }));
  return [
    {
      name: "ws",
      protocol: "raw",
      targets: [baselines.ws.url],
      pids: [baselines.ws.pid],
      joinGroup: false,
      publisher: { node: 0 },
      receivers,
    },
    {
      name: "socketio",
      protocol: "socketio",
      targets: [baselines.socketio.url],
      pids: [baselines.socketio.pid],
      joinGroup: true,
      publisher: { node: 0 },
      receivers,
    },
  ];
}

function heartlineServer(heartline, pids) {
  const nodes = heartline.nodes.length;
  const guest = (user, node) => ({
    cookie: user.cookie,
    identity: { userId: user.userId, username: user.username },
    node,
  });
  return {
    name: "heartline",
    protocol: "socketio",
    targets: heartline.nodes.map((node) => node.url),
    pids,
    joinGroup: true,
    senders: SENDERS,
    receivers: heartline.users.slice(0, RECEIVERS).map((user, index) => guest(user, index % nodes)),
  };
}

/** The ladder of a run: `--full` or the short default. */
function planFor(full) {
  const steps = full ? FULL_RATES.map(fullStep) : SHORT_RATES.map(shortStep);
  /** `B1_SETUPS=cluster` runs only the two-node setup; the default is the embedded one, `--full` both. */
  const setups = (process.env.B1_SETUPS ?? (full ? "embedded,cluster" : "embedded")).split(",");
  return { full, steps, warmup: { rate: 5, ms: full ? 1_000 : 500 }, setups };
}

/**
 * One load-generator run: every server's clients connected once, then `rounds` of ladders; the raw
 * output, and (`summarise`) its summary.
 */
async function measure(root, log, label, servers, plan, { rounds = ROUNDS, summarise = true } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "b1-input-"));
  try {
    const inputFile = path.join(dir, "input.json");
    const input = {
      servers,
      rounds,
      warmup: plan.warmup,
      steps: plan.steps,
      drainMs: DRAIN_MS,
      messageBytes: MESSAGE_BYTES,
      stopAfterBacklog: STOP_AFTER_BACKLOG,
      connectBudgetMs: CONNECT_BUDGET_MS,
    };
    await writeFile(inputFile, JSON.stringify(input));
    log(`B1 ${label}: ${servers.map((server) => server.name).join(", ")} × ${rounds} rounds`);
    const ladderMs = plan.steps.reduce((sum, step) => sum + step.ms, plan.warmup.ms + DRAIN_MS + 2_000);
    const output = await runPinnedJson({
      script: path.join(root, "bench/lib/b1-load-generator.mjs"),
      input: inputFile,
      cwd: root,
      timeoutMs: 300_000 + rounds * servers.length * ladderMs,
    });
    // The raw figures stay beside the system's temporary files, for a second look at a run.
    await writeFile(path.join(tmpdir(), `b1-output-${label.split(/\W/)[0]}.json`), JSON.stringify(output));
    const config = { receivers: RECEIVERS, steps: plan.steps };
    return { summary: summarise ? summariseB1(label, output, config) : undefined, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureWithHeartline(root, log, label, baselines, heartline, pids, plan) {
  const refusal = await probeGroup(heartline.nodes[0].url, heartline.users[0]);
  const servers = baselineServers(baselines);
  if (refusal) log(`B1 ${label}: Heartline left out: ${refusal}`);
  // Heartline's room is filled first: if that overruns, the generator waits for it to go quiet before
  // the baselines' clients connect.
  else servers.unshift(heartlineServer(heartline, pids));
  const { summary } = await measure(root, log, label, servers, plan);
  let profile;
  // `--profile`: one more round of Heartline and bare Socket.IO, their clients seated again, profiled
  // (the sampler slows a server, so it never runs in a measured round).
  if (plan.profile && !refusal) {
    const profiledServers = servers.filter((server) => server.name !== "ws");
    const profiled = await whileProfiling([...heartline.nodes, baselines.socketio], () =>
      measure(root, log, `profiled ${label}`, profiledServers, plan, { rounds: 1, summarise: false }),
    );
    profile = profiled.profiles.length
      ? profileOfRun(profiled.result.output, profiled.profiles, heartline.nodes.length, plan)
      : { error: profiled.profileError };
  }
  return {
    ...summary,
    heartlineMissing: refusal ?? summary.heartlineMissing,
    pinning: heartline.services?.pinning(),
    ...(profile ? { profile } : {}),
  };
}

/**
 * Heartline's and bare Socket.IO's profiles over the same steps of the profiled round: those Heartline
 * held (its first step when it held none), where both spend CPU per delivery at rates both carry.
 */
function profileOfRun(output, profiles, heartlineNodes, plan) {
  const ladders = (name) => output.rounds.map((round) => round.find((ladder) => ladder.name === name));
  const heartline = ladders("heartline");
  const socketio = ladders("socketio");
  if (heartline.some((ladder) => !ladder) || socketio.some((ladder) => !ladder)) {
    return { error: "a server's clients could not be seated again for the profiled round" };
  }
  const rates = heartline.map(
    (ladder) =>
      summariseRound(ladder, { receivers: RECEIVERS, steps: plan.steps }).sustained.rate ||
      plan.steps[0].rate,
  );
  const windowsOf = (roundLadders) => {
    const steps = roundLadders.flatMap((ladder, round) =>
      ladder.steps.filter((step) => step.rate <= rates[round] && step.startedAt !== undefined),
    );
    return {
      windows: steps.map((step) => ({
        fromUs: epochToProfileMicros(step.startedAt),
        toUs: epochToProfileMicros(step.endedAt),
      })),
      units: steps.reduce((sum, step) => sum + (step.deliveriesPerSecond * step.ms) / 1_000, 0),
    };
  };
  const ours = windowsOf(heartline);
  const theirs = windowsOf(socketio);
  return {
    rates,
    candidate: {
      label: "Heartline",
      units: ours.units,
      summary: mergeSummaries(
        profiles.slice(0, heartlineNodes).map((profile) => summariseProfile(profile, ours.windows)),
      ),
    },
    baseline: {
      label: "bare Socket.IO",
      units: theirs.units,
      summary: summariseProfile(profiles[heartlineNodes], theirs.windows),
    },
  };
}

export const scenario = {
  id: "B1",
  title: "Group room fan-out",
  bar: "≥ 0.9× bare Socket.IO deliveries/s; ≥ 0.5× bare `ws`; ≥ 30,000 deliveries/s sustained with p99 ≤ 50 ms",
  /** @param {{ root: string, log: (line: string) => void, full?: boolean, profile?: boolean }} context */
  async run({ root, log, full = false, profile = false }) {
    const started = Date.now();
    const plan = { ...planFor(full), profile };
    const inspect = profile ? INSPECT_ARGS : [];
    const ws = await startBaseline(root, "B1 ws baseline", "bench/baselines/b1-ws-server.mjs");
    const socketio = await startBaseline(
      root,
      "B1 Socket.IO baseline",
      "bench/baselines/b1-socketio-server.mjs",
      inspect,
    ).catch(async (error) => {
      await ws.stop();
      throw error;
    });
    const baselines = { ws, socketio };
    const results = [];
    try {
      if (plan.setups.includes("embedded")) {
        log(`B1 embedded: seeding ${RECEIVERS} guests and starting Heartline`);
        const embedded = await startEmbedded(root, RECEIVERS, { extraNodeArgs: inspect });
        try {
          const pids = [embedded.nodes[0].pid];
          results.push(await measureWithHeartline(root, log, "embedded", baselines, embedded, pids, plan));
        } finally {
          await embedded.stop();
        }
      }
      if (!plan.setups.includes("cluster")) {
        log(
          "B1: the two-node setup is not run by default (`npm run bench -- b1 --full` or B1_SETUPS=cluster)",
        );
      } else if (process.env.DATABASE_URL && process.env.REDIS_URL) {
        log(`B1 two nodes: seeding ${RECEIVERS} guests into PostgreSQL and starting two nodes`);
        const cluster = await startCluster(root, RECEIVERS, 2, { extraNodeArgs: inspect });
        try {
          const pids = [...cluster.nodes.map((node) => node.pid), cluster.redisPid];
          results.push(
            await measureWithHeartline(
              root,
              log,
              "two nodes, PostgreSQL + Redis",
              baselines,
              cluster,
              pids,
              plan,
            ),
          );
        } finally {
          await cluster.stop();
        }
      } else {
        log("B1: DATABASE_URL and REDIS_URL not both set: the two-node run is skipped");
      }
    } finally {
      await Promise.all([ws.stop(), socketio.stop()]);
    }
    return {
      results,
      durationMs: Date.now() - started,
      config: {
        RECEIVERS,
        SENDERS,
        STEPS: plan.steps,
        WARMUP: plan.warmup,
        FULL: full,
        PROFILE: profile,
        SETUPS: plan.setups,
        DRAIN_MS,
        ROUNDS,
        MESSAGE_BYTES,
        CONNECT_BUDGET_MS,
      },
    };
  },
  render: renderB1,
};

// B1 load generator (BENCHMARKS.md), run pinned to the load core by b1-group-fanout.mjs.
// Argument: the path of a JSON file { servers, rounds, warmup, steps, drainMs, messageBytes,
// stopAfterBacklog, connectBudgetMs } where each server is { name, protocol: "raw" | "socketio",
// targets, pids, joinGroup, publisher?: { cookie?, identity?, node }, senders?: number,
// receivers: [{ cookie?, identity?, node }] }. The publisher is either one connection of its own
// (`publisher`) or, where the server limits each sender's rate (Heartline: 10 messages per 10 s),
// the first `senders` receivers taking turns; a sender does not get its own message back.
// It connects every server's receivers once, then runs the rate ladder against each server in turn,
// round after round (A B C A B C …), and prints one JSON line with every ladder's figures.
//
// Open loop: the publisher sends on a schedule; each message carries its intended send time, and a
// delivery's latency counts from that time, so neither a slow server nor a slow generator hides
// behind a late send. Latencies go into perf_hooks histograms (µs). The generator measures itself
// too: its CPU and its event-loop lag in every step (a step where it saturates is not a measurement
// of the server).
import { readFileSync } from "node:fs";
import { createHistogram, monitorEventLoopDelay, performance } from "node:perf_hooks";
import { connectClient, messageContent } from "./b1-wire.mjs";
import { epochNow } from "./cpu-profile.mjs";
import { HISTOGRAM_RANGE, messageIds, percentiles } from "./load-figures.mjs";
import { cpuTimeMs } from "./processes.mjs";

const CONNECT_CONCURRENCY = 50;
const QUIET_SAMPLE_MS = 500;
const QUIET_SHARE = 0.1;
const QUIET_CONNECT_MAX_MS = 30_000;
const QUIET_LADDER_MAX_MS = 5_000;
/** Message ids are UUIDs (Heartline's schema): a random prefix for this run, the seq at the end. */
const messageId = messageIds();
/** The event-loop lag monitor's sampling interval (ms). */
const LAG_RESOLUTION_MS = 5;

/**
 * How late the event loop ran (ms): the monitor records the interval between its timer's runs (ns),
 * so its interval is taken off.
 */
function lagPercentiles(histogram) {
  const raw = percentiles(histogram, 1e6);
  const late = (value) => (value === null ? null : Math.max(0, value - LAG_RESOLUTION_MS));
  return {
    count: raw.count,
    p50Ms: late(raw.p50Ms),
    p99Ms: late(raw.p99Ms),
    p999Ms: late(raw.p999Ms),
    maxMs: late(raw.maxMs),
  };
}

// The argument is the JSON-encoded path of the input file (2,000 cookies are too long for argv).
const options = JSON.parse(readFileSync(JSON.parse(process.argv[2]), "utf8"));

/** seq → the step it was sent in (and how many receivers got it), for the ladder running now. */
let messages = new Map();
/** The step whose time window is open now: deliveries received in it count as its throughput. */
let window;
let seq = 0;
let strayDeliveries = 0;

function onDelivery(node, { seq: received, intendedAtMs }) {
  const now = performance.now();
  const message = messages.get(received);
  if (!message) {
    strayDeliveries += 1;
    return;
  }
  message.delivered += 1;
  const micros = Math.max(1, Math.round((now - intendedAtMs) * 1_000));
  const step = message.step;
  step.delivered += 1;
  step.latency.record(micros);
  step.latencyByNode[node]?.record(micros);
  if (window) window.receivedInWindow += 1;
}

async function connectServer(server) {
  /** event → { count, chars }: what else the server sends the clients (presence pushes, typing…). */
  const otherEvents = { connect: {}, ladders: {} };
  let bucket = otherEvents.connect;
  const onOther = (event, chars) => {
    const seen = bucket[event] ?? { count: 0, chars: 0 };
    seen.count += 1;
    seen.chars += chars;
    bucket[event] = seen;
  };
  const started = performance.now();
  const joinErrors = [];
  const connectOne = async (spec, isPublisher) => {
    const client = await connectClient({
      protocol: server.protocol,
      target: server.targets[spec.node],
      cookie: spec.cookie,
      isPublisher,
      onDelivery: isPublisher ? () => undefined : (delivery) => onDelivery(spec.node, delivery),
      onOther,
    });
    if (server.joinGroup) {
      const identity = spec.identity ?? { userId: client.session.userId, username: "b1" };
      const ack = await client.emitWithAck("join_group", identity);
      if (!ack?.ok) joinErrors.push(ack);
    }
    return client;
  };
  const receivers = [];
  let next = 0;
  const deadline = started + options.connectBudgetMs;
  const connectErrors = [];
  const worker = async () => {
    while (next < server.receivers.length && performance.now() < deadline) {
      const index = next;
      next += 1;
      try {
        receivers[index] = await connectOne(server.receivers[index], false);
      } catch (error) {
        connectErrors.push(error.message);
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  const seated = receivers.filter(Boolean);
  if (seated.length < server.receivers.length || joinErrors.length > 0 || connectErrors.length > 0) {
    for (const client of seated) client.close();
    const reason =
      joinErrors.length > 0
        ? `${joinErrors.length} join_group refusals, e.g. ${JSON.stringify(joinErrors[0])}`
        : connectErrors.length > 0
          ? `${connectErrors.length} connections failed, e.g. ${connectErrors[0]}`
          : `only ${seated.length} of ${server.receivers.length} clients had joined after ${options.connectBudgetMs / 1_000} s`;
    return {
      server,
      failed: reason,
      otherEvents,
      connectMs: performance.now() - started,
      seated: seated.length,
    };
  }
  const publishers = server.publisher
    ? [await connectOne(server.publisher, true)]
    : // Senders on the first node only, so the other node's receivers are all cross-node deliveries.
      receivers.filter((_, index) => server.receivers[index].node === 0).slice(0, server.senders);
  const connectMs = performance.now() - started;
  // What the joins set off (presence pushes, history) settles before anything is timed.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  bucket = otherEvents.ladders;
  // A sender is one of the receivers when the publishers are receivers: it skips its own message.
  const expectedPerMessage = receivers.length - (server.publisher ? 0 : 1);
  return { server, receivers, publishers, nextPublisher: 0, expectedPerMessage, otherEvents, connectMs };
}

function newStep(rate, ms, nodes) {
  return {
    rate,
    ms,
    sent: 0,
    delivered: 0,
    receivedInWindow: 0,
    latency: createHistogram(HISTOGRAM_RANGE),
    latencyByNode: Array.from({ length: nodes }, () => createHistogram(HISTOGRAM_RANGE)),
    ack: createHistogram(HISTOGRAM_RANGE),
    ackErrors: 0,
    ackErrorSamples: [],
    serverCpuMs: 0,
    generatorCpuMs: 0,
  };
}

function send(connected, step, intendedAt) {
  seq += 1;
  const current = seq;
  messages.set(current, { step, delivered: 0 });
  step.sent += 1;
  const content = messageContent(current, intendedAt, options.messageBytes);
  const publisher = connected.publishers[connected.nextPublisher];
  connected.nextPublisher = (connected.nextPublisher + 1) % connected.publishers.length;
  if (connected.server.protocol === "raw") {
    publisher.sendRaw(content);
    return;
  }
  publisher.emitWithAck("group_message", { id: messageId(current), content, type: "text" }).then((ack) => {
    if (ack?.ok) step.ack.record(Math.max(1, Math.round((performance.now() - intendedAt) * 1_000)));
    else {
      step.ackErrors += 1;
      if (step.ackErrorSamples.length < 3) step.ackErrorSamples.push(ack);
    }
  });
}

/** Sends one step on schedule (late sends go out at once, none is skipped). */
function runStep(connected, step) {
  return new Promise((resolve) => {
    const start = performance.now();
    const total = Math.round((step.rate * step.ms) / 1_000);
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      const due = Math.min(Math.floor(((now - start) * step.rate) / 1_000) + 1, total);
      while (sent < due) {
        send(connected, step, start + (sent * 1_000) / step.rate);
        sent += 1;
      }
      if (now - start >= step.ms) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
}

async function waitForDeliveries(steps, expectedPerMessage, maxMs) {
  const deadline = performance.now() + maxMs;
  const outstanding = () =>
    steps.reduce((sum, step) => sum + step.sent * expectedPerMessage - step.delivered, 0);
  while (outstanding() > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function runLadder(connected) {
  const { server } = connected;
  const receivers = connected.expectedPerMessage;
  const nodes = server.targets.length;
  messages = new Map();
  const warmup = newStep(options.warmup.rate, options.warmup.ms, nodes);
  await runStep(connected, warmup);
  await waitForDeliveries([warmup], receivers, options.drainMs);
  const steps = [];
  let stoppedEarly = false;
  for (const { rate, ms } of options.steps) {
    const step = newStep(rate, ms, nodes);
    steps.push(step);
    const cpuBefore = server.pids.map(cpuTimeMs);
    const generatorBefore = process.cpuUsage();
    const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
    lag.enable();
    window = step;
    step.startedAt = epochNow();
    await runStep(connected, step);
    step.endedAt = epochNow();
    window = undefined;
    lag.disable();
    step.generatorLag = lagPercentiles(lag);
    const generatorUsed = process.cpuUsage(generatorBefore);
    step.generatorCpuMs = (generatorUsed.user + generatorUsed.system) / 1_000;
    step.serverCpuMs = server.pids
      .map((pid, index) => cpuTimeMs(pid) - cpuBefore[index])
      .filter(Number.isFinite)
      .reduce((sum, value) => sum + value, 0);
    // A server this far behind only gets further behind: the higher steps are not run.
    const backlog = 1 - step.receivedInWindow / Math.max(1, step.sent * receivers);
    if (backlog > options.stopAfterBacklog) {
      stoppedEarly = true;
      break;
    }
  }
  await waitForDeliveries(steps, receivers, options.drainMs);
  const result = {
    name: server.name,
    stoppedEarly,
    steps: steps.map((step) => ({
      rate: step.rate,
      ms: step.ms,
      startedAt: step.startedAt,
      endedAt: step.endedAt,
      sent: step.sent,
      expected: step.sent * receivers,
      delivered: step.delivered,
      deliveriesPerSecond: (step.receivedInWindow * 1_000) / step.ms,
      latency: percentiles(step.latency),
      latencyByNode: step.latencyByNode.map(percentiles),
      ack: percentiles(step.ack),
      ackErrors: step.ackErrors,
      ackErrorSamples: step.ackErrorSamples,
      serverCpuMs: step.serverCpuMs,
      generatorCpuMs: step.generatorCpuMs,
      generatorLag: step.generatorLag,
    })),
  };
  // Anything still in flight lands before the next ladder starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return result;
}

const allPids = options.servers.flatMap((server) => server.pids);
/**
 * Waits until every server process is nearly idle (under 10 % of a core over half a second), so what
 * one server is still doing (a room filling up, a crowd leaving) does not slow the next one down on
 * the shared server core.
 */
async function waitQuiet(maxMs) {
  const deadline = performance.now() + maxMs;
  let before = allPids.map(cpuTimeMs);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_SAMPLE_MS));
    const now = allPids.map(cpuTimeMs);
    const busiest = Math.max(0, ...now.map((value, index) => value - before[index]).filter(Number.isFinite));
    if (busiest < QUIET_SAMPLE_MS * QUIET_SHARE) return;
    before = now;
  }
}

const connectedServers = [];
for (const server of options.servers) {
  connectedServers.push(await connectServer(server));
  await waitQuiet(QUIET_CONNECT_MAX_MS);
}
const seatedServers = connectedServers.filter((connected) => !connected.failed);
const rounds = [];
for (let round = 0; round < options.rounds; round += 1) {
  const ladders = [];
  for (const connected of seatedServers) {
    process.stderr.write(`[b1] round ${round + 1}/${options.rounds}: ${connected.server.name}\n`);
    await waitQuiet(QUIET_LADDER_MAX_MS);
    ladders.push(await runLadder(connected));
  }
  rounds.push(ladders);
}
for (const connected of seatedServers) {
  for (const client of new Set([...connected.receivers, ...connected.publishers])) client.close();
}
process.stdout.write(
  `${JSON.stringify({
    connect: connectedServers.map((connected) => ({
      name: connected.server.name,
      connectMs: connected.connectMs,
      failed: connected.failed,
      receivers: connected.failed ? connected.seated : connected.receivers.length,
      otherEvents: connected.otherEvents,
    })),
    rounds,
    strayDeliveries,
  })}\n`,
);
process.exit(0);

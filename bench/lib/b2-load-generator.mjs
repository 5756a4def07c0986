// B2 load generator (BENCHMARKS.md), run pinned to the load core by b2-direct-messages.mjs.
// Argument: the JSON-encoded path of a JSON file { servers, rounds, warmup, steps, drainMs, messageBytes,
// connectBudgetMs, bar } where each server is { name, targets, pids, pairs: [{ sender, receiver }] } and
// a person is { userId, cookie, node }. Every pair's two sockets are connected once (both people
// signed in; on two nodes the sender on node 0, the receiver on node 1), then the rate ladder runs
// against each server in turn, round after round (A B A B …), and one JSON line is printed.
//
// Open loop: `direct_message`s go out on a schedule, round-robin over the pairs (a step of R messages/s
// over N pairs is R/N per pair); each carries its intended send time, and both latencies count from
// it: delivery = the receiver's `direct_message` push, ack = the sender's `{ ok: true }`. After each step
// the generator waits (up to drainMs) for what is still in flight, then judges the step against the bar
// (every message acked and delivered once, delivery p99 and ack p99 under the bar) and for keeping up
// (the same, latency aside, with a delivery p50 ≤ carryP50Ms); the ladder stops at the first step
// that does not keep up.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createHistogram, monitorEventLoopDelay, performance } from "node:perf_hooks";
import { connectClient, messageContent } from "./b1-wire.mjs";
import { cpuTimeMs } from "./processes.mjs";

const HISTOGRAM_RANGE = { lowest: 1, highest: 120_000_000, figures: 3 };
const CONNECT_CONCURRENCY = 50;
const QUIET_SAMPLE_MS = 500;
const QUIET_SHARE = 0.1;
const RUN_ID = randomBytes(12).toString("hex");

/** Message ids are UUIDs (the contract): a random prefix for this run, the seq at the end. */
function messageId(value) {
  const tail = value.toString(16).padStart(8, "0");
  return `${RUN_ID.slice(0, 8)}-${RUN_ID.slice(8, 12)}-4${RUN_ID.slice(13, 16)}-a${RUN_ID.slice(17, 20)}-${RUN_ID.slice(20, 24)}${tail}`;
}

const options = JSON.parse(readFileSync(JSON.parse(process.argv[2]), "utf8"));

/** seq → { step, delivered, acked } for the ladder running now. */
let messages = new Map();
let seq = 0;
let strayDeliveries = 0;

function percentiles(histogram) {
  if (histogram.count === 0) return { count: 0, p50Ms: null, p99Ms: null, p999Ms: null, maxMs: null };
  return {
    count: histogram.count,
    p50Ms: histogram.percentile(50) / 1_000,
    p99Ms: histogram.percentile(99) / 1_000,
    p999Ms: histogram.percentile(99.9) / 1_000,
    maxMs: histogram.max / 1_000,
  };
}

const micros = (fromMs) => Math.max(1, Math.round((performance.now() - fromMs) * 1_000));

function onDelivery({ seq: received, intendedAtMs }) {
  const message = messages.get(received);
  if (!message) {
    strayDeliveries += 1;
    return;
  }
  message.delivered += 1;
  if (message.delivered > 1) {
    message.step.duplicates += 1;
    return;
  }
  message.step.delivered += 1;
  message.step.delivery.record(micros(intendedAtMs));
}

async function connectServer(server) {
  const otherEvents = {};
  const onOther = (event, chars) => {
    const seen = otherEvents[event] ?? { count: 0, chars: 0 };
    seen.count += 1;
    seen.chars += chars;
    otherEvents[event] = seen;
  };
  const started = performance.now();
  const deadline = started + options.connectBudgetMs;
  const people = server.pairs.flatMap((pair, index) => [
    { ...pair.sender, pair: index, role: "sender" },
    { ...pair.receiver, pair: index, role: "receiver" },
  ]);
  const sockets = new Array(people.length);
  const errors = [];
  let next = 0;
  const worker = async () => {
    while (next < people.length && performance.now() < deadline && errors.length === 0) {
      const index = next;
      next += 1;
      const person = people[index];
      try {
        const client = await connectClient({
          protocol: "socketio",
          target: server.targets[person.node],
          cookie: person.cookie,
          onDelivery: person.role === "receiver" ? onDelivery : () => undefined,
          onOther,
        });
        if (client.session?.userId !== person.userId) {
          client.close();
          throw new Error(`the server did not take the seeded session: ${JSON.stringify(client.session)}`);
        }
        sockets[index] = client;
      } catch (error) {
        errors.push(error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  const connected = sockets.filter(Boolean);
  const connectMs = performance.now() - started;
  if (connected.length < people.length) {
    for (const client of connected) client.close();
    return {
      server,
      failed: errors[0] ?? `only ${connected.length} of ${people.length} connected in time`,
      connectMs,
      otherEvents,
    };
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const pairs = server.pairs.map((pair, index) => ({
    receiverId: pair.receiver.userId,
    sender: sockets[index * 2],
    receiver: sockets[index * 2 + 1],
  }));
  return { server, pairs, sockets, nextPair: 0, connectMs, otherEvents };
}

function newStep(rate, ms) {
  return {
    rate,
    ms,
    sent: 0,
    acked: 0,
    delivered: 0,
    duplicates: 0,
    ackErrors: 0,
    ackErrorSamples: [],
    delivery: createHistogram(HISTOGRAM_RANGE),
    ack: createHistogram(HISTOGRAM_RANGE),
    serverCpuMs: 0,
    generatorCpuMs: 0,
    loopDelayP99Ms: 0,
  };
}

function send(connected, step, intendedAt) {
  seq += 1;
  const current = seq;
  const message = { step, delivered: 0, acked: false };
  messages.set(current, message);
  step.sent += 1;
  const pair = connected.pairs[connected.nextPair];
  connected.nextPair = (connected.nextPair + 1) % connected.pairs.length;
  const payload = {
    id: messageId(current),
    receiverId: pair.receiverId,
    content: messageContent(current, intendedAt, options.messageBytes),
    type: "text",
  };
  pair.sender.emitWithAck("direct_message", payload).then((ack) => {
    if (ack?.ok) {
      message.acked = true;
      step.acked += 1;
      step.ack.record(micros(intendedAt));
    } else {
      step.ackErrors += 1;
      if (step.ackErrorSamples.length < 3) step.ackErrorSamples.push(ack);
    }
  });
}

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
      if (sent >= total && now - start >= step.ms) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
}

async function drain(steps, maxMs) {
  const deadline = performance.now() + maxMs;
  const outstanding = () =>
    steps.reduce(
      (sum, step) => sum + (step.sent - step.delivered) + (step.sent - step.acked - step.ackErrors),
      0,
    );
  while (outstanding() > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function stepResult(step) {
  const delivery = percentiles(step.delivery);
  const ack = percentiles(step.ack);
  const lost = step.sent - step.delivered;
  const unanswered = step.sent - step.acked - step.ackErrors;
  const generatorCpuPercent = (step.generatorCpuMs * 100) / step.ms;
  const holds =
    lost === 0 &&
    unanswered === 0 &&
    step.ackErrors === 0 &&
    step.duplicates === 0 &&
    delivery.p99Ms !== null &&
    delivery.p99Ms <= options.bar.deliveryP99Ms &&
    ack.p99Ms !== null &&
    ack.p99Ms <= options.bar.ackP99Ms;
  return {
    rate: step.rate,
    ms: step.ms,
    sent: step.sent,
    acked: step.acked,
    delivered: step.delivered,
    duplicates: step.duplicates,
    lost,
    unanswered,
    ackErrors: step.ackErrors,
    ackErrorSamples: step.ackErrorSamples,
    delivery,
    ack,
    serverCpuPercent: (step.serverCpuMs * 100) / step.ms,
    generatorCpuPercent,
    loopDelayP99Ms: step.loopDelayP99Ms,
    // A generator that used most of its core, or whose event loop lagged 50 ms, measured itself.
    generatorSaturated: generatorCpuPercent > 85 || step.loopDelayP99Ms > 50,
    holds,
    // The server kept up (latency bar aside): everything acked and delivered once, the median bounded.
    carries:
      lost === 0 &&
      unanswered === 0 &&
      step.ackErrors === 0 &&
      step.duplicates === 0 &&
      delivery.p50Ms !== null &&
      delivery.p50Ms <= options.bar.carryP50Ms,
  };
}

async function runLadder(connected) {
  const { server } = connected;
  messages = new Map();
  const warmup = newStep(options.warmup.rate, options.warmup.ms);
  await runStep(connected, warmup);
  await drain([warmup], options.drainMs);
  const results = [];
  for (const { rate, ms } of options.steps) {
    const step = newStep(rate, ms);
    const cpuBefore = server.pids.map(cpuTimeMs);
    const generatorBefore = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    await runStep(connected, step);
    loop.disable();
    const generatorUsed = process.cpuUsage(generatorBefore);
    step.generatorCpuMs = (generatorUsed.user + generatorUsed.system) / 1_000;
    step.loopDelayP99Ms = loop.percentile(99) / 1e6;
    step.serverCpuMs = server.pids
      .map((pid, index) => cpuTimeMs(pid) - cpuBefore[index])
      .filter(Number.isFinite)
      .reduce((sum, value) => sum + value, 0);
    await drain([step], options.drainMs);
    const result = stepResult(step);
    results.push(result);
    // On a shared machine one stall decides a low step's p99: the ladder goes on while the server keeps up.
    if (!result.carries) break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { name: server.name, steps: results };
}

const allPids = options.servers.flatMap((server) => server.pids);
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
  process.stderr.write(`[b2] connecting ${server.pairs.length} pairs to ${server.name}\n`);
  connectedServers.push(await connectServer(server));
  await waitQuiet(20_000);
}
const seated = connectedServers.filter((connected) => !connected.failed);
const rounds = [];
for (let round = 0; round < options.rounds; round += 1) {
  const ladders = [];
  for (const connected of seated) {
    process.stderr.write(`[b2] round ${round + 1}/${options.rounds}: ${connected.server.name}\n`);
    await waitQuiet(5_000);
    ladders.push(await runLadder(connected));
  }
  rounds.push(ladders);
}
for (const connected of seated) for (const client of connected.sockets) client.close();
process.stdout.write(
  `${JSON.stringify({
    connect: connectedServers.map((connected) => ({
      name: connected.server.name,
      connectMs: connected.connectMs,
      failed: connected.failed,
      otherEvents: connected.otherEvents,
    })),
    rounds,
    strayDeliveries,
  })}\n`,
);
process.exit(0);

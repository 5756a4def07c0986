// The multi-node check's load generator (docs/scaling.md), started pinned to the load core by
// multi-node.mjs and driven over IPC, one command at a time:
//   { cmd: "connect", input }  connect every client (plain `ws` speaking the Socket.IO protocol, as B1's),
//                              seat the group members (`join_group`), confirm 18+ for the random-chat ones
//   { cmd: "step", step }      run one open-loop step's send window: { name, ms, drainMs, groupPerSecond,
//                              joinsPerSecond, chatPerSecond }; answered when the window ends
//   { cmd: "finish" }          wait for what the step sent (up to drainMs), answer the step's figures
//   { cmd: "close" }           close every client
// Open loop: sends go out on a schedule and latencies count from the intended send time. Every
// connection also sends the web client's `ping` every 20 s (spec §7), whatever the step.
// Input: { targets: [url per node], group: [{ cookie, identity, node }], idle: [{ cookie, node }],
//          random: [{ node }], seed }.
import { readFileSync } from "node:fs";
import { createHistogram, monitorEventLoopDelay, performance } from "node:perf_hooks";
import { connectClient, messageContent } from "../lib/b1-wire.mjs";
import { GENDERS, seededRandom } from "../lib/b3-rules.mjs";
import { HISTOGRAM_RANGE, messageIds, percentiles } from "../lib/load-figures.mjs";

const CONNECT_CONCURRENCY = 50;
const LAG_RESOLUTION_MS = 5;
const MESSAGE_BYTES = 100;
/** The web client pings every 20 s (apps/web/src/lib/socket.ts). */
const CLIENT_PING_MS = 20_000;
/** Heartline lets one sender post 10 messages per 10 s (group and random chat alike): ≥ 1 s apart here. */
const SENDER_GAP_MS = 1_050;
/** A random-chat client prefers anyone this often; otherwise one gender (the crowd stays matchable). */
const ANY_PREFERENCE_SHARE = 0.7;
const messageId = messageIds();

let random = seededRandom(1);
let seq = 0;
/** seq → { kind: "group" | "chat", step, node? } for the messages in flight. */
const sent = new Map();
let current;
const clients = { group: [], idle: [], random: [] };
/** roomId → the `matched` events seen for it (pairing latency from the later join of the two). */
const rooms = new Map();
let pingTimer;

const micros = (ms) => Math.max(1, Math.round(ms * 1_000));

/** Frames that carried the marker but no readable send time (counted, never timed). */
let unreadable = 0;

function onDelivery(node, { seq: received, intendedAtMs }) {
  const message = sent.get(received);
  if (!message) return;
  if (!Number.isFinite(intendedAtMs)) {
    unreadable += 1;
    return;
  }
  const latency = micros(performance.now() - intendedAtMs);
  const { step } = message;
  if (message.kind === "group") {
    step.group.delivered += 1;
    step.group.latency.record(latency);
    step.group.byNode[node]?.record(latency);
  } else {
    step.chat.delivered += 1;
    step.chat.latency.record(latency);
    sent.delete(received);
  }
}

async function connectAll(list, specs, { targets, cookie, after }) {
  let next = 0;
  const errors = [];
  const worker = async () => {
    while (next < specs.length) {
      const index = next;
      next += 1;
      const spec = specs[index];
      try {
        const client = await connectClient({
          protocol: "socketio",
          target: targets[spec.node],
          ...(cookie ? { cookie: spec.cookie } : {}),
          onDelivery: (delivery) => onDelivery(spec.node, delivery),
          onOther: () => undefined,
        });
        const entry = { client, spec, node: spec.node, lastSentAt: -Infinity };
        await after?.(entry);
        list.push(entry);
      } catch (error) {
        errors.push(error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return errors;
}

/** A random-chat client: its choices, its state, and the frames that move it (`matched`, `partner_left`). */
async function prepareRandomClient(entry) {
  entry.gender = GENDERS[Math.floor(random() * GENDERS.length)];
  entry.preference =
    random() < ANY_PREFERENCE_SHARE ? "any" : GENDERS[Math.floor(random() * (GENDERS.length - 1))];
  entry.state = "new";
  entry.joinedAt = 0;
  entry.client.socket.on("message", (data) => {
    const text = data.toString();
    if (text.startsWith('42["matched"')) onMatched(entry, JSON.parse(text.slice(2))[1]);
    else if (text.startsWith('42["partner_left"')) {
      if (entry.state === "matched") leaveChatting(entry);
      entry.state = "ended";
    }
  });
  const ack = await entry.client.emitWithAck("confirm_adult", { accepted: true });
  if (!ack?.ok) throw new Error(`confirm_adult refused: ${JSON.stringify(ack)}`);
}

/** Clients in a live chat, for picking senders (swap-remove by index). */
const chatting = [];
function enterChatting(entry) {
  entry.chattingIndex = chatting.length;
  chatting.push(entry);
}
function leaveChatting(entry) {
  const last = chatting.pop();
  if (last !== entry) {
    chatting[entry.chattingIndex] = last;
    last.chattingIndex = entry.chattingIndex;
  }
  entry.chattingIndex = -1;
}

/** Clients free to join again, oldest chat first (the longest chat is the next to end). */
let free = [];
let freeHead = 0;

function onMatched(entry, { roomId }) {
  const now = performance.now();
  if (entry.state !== "waiting") current?.random.doubleMatches.push(roomId);
  entry.state = "matched";
  enterChatting(entry);
  free.push(entry);
  const seen = rooms.get(roomId) ?? [];
  seen.push({ entry, at: now });
  rooms.set(roomId, seen);
  if (!current) return;
  current.random.matched += 1;
  current.random.wait.record(micros(now - entry.joinedAt));
  if (seen.length !== 2) return;
  rooms.delete(roomId);
  const possibleAt = Math.max(seen[0].entry.joinedAt, seen[1].entry.joinedAt);
  for (const side of seen) current.random.pairing.record(micros(side.at - possibleAt));
}

function sendJoin(step, intendedAt) {
  let entry;
  while (freeHead < free.length && !entry) {
    const candidate = free[freeHead];
    freeHead += 1;
    if (candidate.state !== "waiting") entry = candidate;
  }
  if (freeHead > 4_096) {
    free = free.slice(freeHead);
    freeHead = 0;
  }
  if (!entry) {
    step.random.noFreeClient += 1;
    return;
  }
  if (entry.state === "matched") leaveChatting(entry);
  const first = entry.state === "new";
  entry.state = "waiting";
  entry.joinedAt = intendedAt;
  step.random.joins += 1;
  const payload = first ? { gender: entry.gender, preference: entry.preference, allowAI: false } : {};
  entry.client.emitWithAck(first ? "join" : "next", payload).then((ack) => {
    if (!ack?.ok) countError(step.random, ack);
  });
}

function countError(part, ack) {
  part.ackErrors += 1;
  const code = ack?.error?.code ?? "none";
  part.errorCodes[code] = (part.errorCodes[code] ?? 0) + 1;
}

/** A sender of `list` that has not sent for SENDER_GAP_MS, tried a few times at random. */
function pickSender(list, now) {
  for (let attempt = 0; attempt < 8 && list.length > 0; attempt += 1) {
    const entry = list[Math.floor(random() * list.length)];
    if (now - entry.lastSentAt >= SENDER_GAP_MS) return entry;
  }
  return undefined;
}

function sendGroup(step, intendedAt) {
  const sender = pickSender(clients.group, performance.now());
  if (!sender) {
    step.group.noFreeSender += 1;
    return;
  }
  sender.lastSentAt = performance.now();
  seq += 1;
  sent.set(seq, { kind: "group", step });
  step.group.sent += 1;
  const content = messageContent(seq, intendedAt, MESSAGE_BYTES);
  sender.client.emitWithAck("group_message", { id: messageId(seq), content, type: "text" }).then((ack) => {
    if (ack?.ok) step.group.ack.record(micros(performance.now() - intendedAt));
    else countError(step.group, ack);
  });
}

function sendChat(step, intendedAt) {
  const sender = pickSender(chatting, performance.now());
  if (!sender) {
    step.chat.noFreeSender += 1;
    return;
  }
  sender.lastSentAt = performance.now();
  seq += 1;
  const id = seq;
  sent.set(id, { kind: "chat", step });
  step.chat.sent += 1;
  const content = messageContent(id, intendedAt, MESSAGE_BYTES);
  sender.client.emitWithAck("chat_message", { id: messageId(id), content, type: "text" }).then((ack) => {
    if (ack?.ok) return;
    // The partner pressed next meanwhile: the message had nobody to go to (churn, not a fault).
    sent.delete(id);
    step.chat.endedBeforeDelivery += 1;
    if (ack?.error?.code !== "conflict") countError(step.chat, ack);
  });
}

function newStep(definition, nodes) {
  const part = () => ({ sent: 0, delivered: 0, ackErrors: 0, errorCodes: {}, noFreeSender: 0 });
  return {
    ...definition,
    group: {
      ...part(),
      latency: createHistogram(HISTOGRAM_RANGE),
      ack: createHistogram(HISTOGRAM_RANGE),
      byNode: Array.from({ length: nodes }, () => createHistogram(HISTOGRAM_RANGE)),
    },
    chat: { ...part(), endedBeforeDelivery: 0, latency: createHistogram(HISTOGRAM_RANGE) },
    random: {
      joins: 0,
      matched: 0,
      noFreeClient: 0,
      ackErrors: 0,
      errorCodes: {},
      doubleMatches: [],
      pairing: createHistogram(HISTOGRAM_RANGE),
      wait: createHistogram(HISTOGRAM_RANGE),
    },
  };
}

/** One schedule per kind of send: due sends go out at once (none is skipped), from the intended time. */
function runSchedules(step) {
  const kinds = [
    { rate: step.groupPerSecond, send: sendGroup },
    { rate: step.joinsPerSecond, send: sendJoin },
    { rate: step.chatPerSecond, send: sendChat },
  ].filter((kind) => kind.rate > 0);
  const done = kinds.map(() => 0);
  return new Promise((resolve) => {
    const start = performance.now();
    const tick = () => {
      const now = performance.now();
      const elapsed = Math.min(now - start, step.ms);
      kinds.forEach((kind, index) => {
        const due = Math.floor((elapsed * kind.rate) / 1_000);
        while (done[index] < due) {
          kind.send(step, start + (done[index] * 1_000) / kind.rate);
          done[index] += 1;
        }
      });
      if (now - start >= step.ms) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
}

/** The step whose send window ended, waiting for `finish` (the bench reads the servers' CPU in between). */
let ended;

async function runStep(definition, nodes) {
  const step = newStep(definition, nodes);
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  const cpuBefore = process.cpuUsage();
  lag.enable();
  current = step;
  await runSchedules(step);
  lag.disable();
  ended = { step, lag, cpu: process.cpuUsage(cpuBefore) };
}

/** What was sent inside the step lands (up to drainMs) before it is counted. */
async function finishStep(expectedPerGroupMessage) {
  const { step, lag, cpu } = ended;
  ended = undefined;
  const deadline = performance.now() + (step.drainMs ?? 3_000);
  while (
    performance.now() < deadline &&
    (step.group.delivered < step.group.sent * expectedPerGroupMessage ||
      step.chat.delivered + step.chat.endedBeforeDelivery < step.chat.sent)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  current = undefined;
  const late = (ns) => Math.max(0, ns / 1e6 - LAG_RESOLUTION_MS);
  return {
    name: step.name,
    ms: step.ms,
    offered: {
      groupPerSecond: step.groupPerSecond,
      joinsPerSecond: step.joinsPerSecond,
      chatPerSecond: step.chatPerSecond,
    },
    group: {
      sent: step.group.sent,
      expected: step.group.sent * expectedPerGroupMessage,
      delivered: step.group.delivered,
      latency: percentiles(step.group.latency),
      byNode: step.group.byNode.map((histogram) => percentiles(histogram)),
      ack: percentiles(step.group.ack),
      ackErrors: step.group.ackErrors,
      errorCodes: step.group.errorCodes,
      noFreeSender: step.group.noFreeSender,
    },
    chat: {
      sent: step.chat.sent,
      delivered: step.chat.delivered,
      endedBeforeDelivery: step.chat.endedBeforeDelivery,
      latency: percentiles(step.chat.latency),
      ackErrors: step.chat.ackErrors,
      errorCodes: step.chat.errorCodes,
      noFreeSender: step.chat.noFreeSender,
    },
    random: {
      joins: step.random.joins,
      matched: step.random.matched,
      chatting: chatting.length,
      noFreeClient: step.random.noFreeClient,
      ackErrors: step.random.ackErrors,
      errorCodes: step.random.errorCodes,
      doubleMatches: step.random.doubleMatches.length,
      pairing: percentiles(step.random.pairing),
      wait: percentiles(step.random.wait),
    },
    unreadable,
    generator: {
      cpuMs: (cpu.user + cpu.system) / 1_000,
      lagP99Ms: late(lag.percentile(99)),
      lagMaxMs: late(lag.max),
    },
  };
}

/**
 * Every connection pings like the web client: one `ping` with an acknowledgement every 20 s, spread over
 * the period. Written as a raw packet with ack ids of its own range (b1-wire ignores answers it did not ask).
 */
const PING_ACK_IDS = 1_000_000_000;
function startPinging() {
  const all = [...clients.group, ...clients.idle, ...clients.random];
  let index = 0;
  const perTick = Math.max(1, Math.ceil(all.length / (CLIENT_PING_MS / 100)));
  pingTimer = setInterval(() => {
    for (let count = 0; count < perTick && all.length > 0; count += 1) {
      const entry = all[index % all.length];
      index += 1;
      if (!entry.client.closed) entry.client.sendRaw(`42${PING_ACK_IDS + index}["ping"]`);
    }
  }, 100);
}

async function connect(input) {
  random = seededRandom(input.seed ?? 1);
  const { targets } = input;
  const started = performance.now();
  const groupErrors = await connectAll(clients.group, input.group, {
    targets,
    cookie: true,
    after: async (entry) => {
      const ack = await entry.client.emitWithAck("join_group", entry.spec.identity);
      if (!ack?.ok) throw new Error(`join_group refused: ${JSON.stringify(ack).slice(0, 200)}`);
    },
  });
  const idleErrors = await connectAll(clients.idle, input.idle, { targets, cookie: true });
  const randomErrors = await connectAll(clients.random, input.random, {
    targets,
    cookie: false,
    after: prepareRandomClient,
  });
  free = [...clients.random];
  freeHead = 0;
  startPinging();
  return {
    connectMs: performance.now() - started,
    connected: { group: clients.group.length, idle: clients.idle.length, random: clients.random.length },
    errors: [...groupErrors, ...idleErrors, ...randomErrors].slice(0, 5),
    errorCount: groupErrors.length + idleErrors.length + randomErrors.length,
  };
}

let targetCount = 1;
process.on("message", async (message) => {
  try {
    if (message.cmd === "connect") {
      const input = JSON.parse(readFileSync(message.inputFile, "utf8"));
      targetCount = input.targets.length;
      process.send(await connect(input));
    } else if (message.cmd === "step") {
      await runStep(message.step, targetCount);
      process.send({ windowEnded: true });
    } else if (message.cmd === "finish") {
      // A sender does not get its own group message back.
      process.send(await finishStep(clients.group.length - 1));
    } else if (message.cmd === "close") {
      clearInterval(pingTimer);
      for (const entry of [...clients.group, ...clients.idle, ...clients.random]) entry.client.close();
      process.send({ closed: true });
      setTimeout(() => process.exit(0), 100);
    }
  } catch (error) {
    process.send({ error: error.stack ?? String(error) });
  }
});

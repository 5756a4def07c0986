// B3 load generator (BENCHMARKS.md), run pinned to its own core by b3-random-matching.mjs.
// Input: one JSON argument { targets, clients, warmup: { rate, ms }, steps: [{ rate, ms, capacity? }],
// drainMs, seed, serverPids }. The warm-up (not recorded) lets the servers compile their hot paths first.
// Steps marked `capacity` continue the ramp past the bar's schedule (the open-loop capacity ladder):
// their latencies stay out of the bar's histogram, and the ramp stops after one whose matches fell
// below half its join rate. Every step records the generator's own CPU and event-loop lag and the
// servers' CPU, so a step where the generator saturated can be told apart.
// Output: one JSON line on stdout with counts, rates per step and latency percentiles.
//
// Open loop: joins go out on a schedule (rate ramping step by step), each from the client that has
// been free the longest; latencies count from the scheduled (intended) send time, so a slow server
// cannot hide behind a slow generator. "Instant next": a matched client is free again at once and
// its next scheduled send is `next` (end the chat, search again with the same choices).
import { createHmac } from "node:crypto";
import { createHistogram, monitorEventLoopDelay, performance } from "node:perf_hooks";
import { io } from "socket.io-client";
import {
  accepts,
  crowdLanguages,
  GENDERS,
  PREFERENCES,
  pairKey,
  randomPairingLanguageShare,
  seededRandom,
  sharesLanguage,
} from "./b3-rules.mjs";
import { epochNow } from "./cpu-profile.mjs";
import { cpuTimeMs } from "./processes.mjs";

const REMATCH_COOLDOWN_MS = 10_000;
/** The event-loop lag monitor's sampling interval (ms); it records intervals, so this is taken off. */
const LAG_RESOLUTION_MS = 5;
/** A capacity step whose matches fell below this share of its join rate ends the ramp. */
const STOP_BELOW_SHARE = 0.5;
const CONNECT_CONCURRENCY = 100;

const options = JSON.parse(process.argv[2] ?? "{}");
const random = seededRandom(options.seed ?? 1);
// Languages from a stream of their own: the genders and preferences stay the crowd they always were.
const languageRandom = seededRandom((options.seed ?? 1) + 0x9e3779b9);

/**
 * @typedef {{ index: number, socket: import("socket.io-client").Socket, userId: string, gender: string,
 *   preference: string, languages: string[], state: "new" | "waiting" | "matched", sentAt: number,
 *   hasJoined: boolean, partnerUserId: string | undefined }} Client
 */

/** @type {Client[]} */
const clients = [];
/** @type {Map<string, Client>} */
/** Clients free to send, longest free first (a simple array queue with a moving head). */
const free = [];
let freeHead = 0;
/** roomId → the matched events seen for it */
const rooms = new Map();
/** "a b" → when their rematch cooldown ends (ms, performance clock) */
const cooldownEnds = new Map();

const counts = {
  sent: 0,
  skippedNoFreeClient: 0,
  matched: 0,
  pairs: 0,
  selfMatches: 0,
  doubleMatches: 0,
  preferenceViolations: 0,
  ackErrors: 0,
  disconnects: 0,
  pairsAfterCooldown: 0,
  /** Issue #39: recorded pairs where both gave languages, and those of them sharing one. */
  languagePairs: 0,
  sharedLanguagePairs: 0,
};
const ackErrorSamples = [];
/** Microseconds, 1 µs to 120 s. */
const HISTOGRAM_RANGE = { lowest: 1, highest: 120_000_000, figures: 3 };
const waitHistogram = createHistogram(HISTOGRAM_RANGE);
const pairingHistogram = createHistogram(HISTOGRAM_RANGE);
/** Per recorded step: sends, matched events received, pairing latencies of pairs completed in it. */
const stepStats = [];
/** The stats of the step running now; undefined during the warm-up and the drain. */
let current;
let isRecording = false;

function recordMicros(histogram, ms) {
  histogram.record(Math.max(1, Math.round(ms * 1_000)));
}

function onAck(result) {
  if (result?.ok) return;
  counts.ackErrors += 1;
  if (ackErrorSamples.length < 5) ackErrorSamples.push(result?.error ?? result);
}

function connectClient(index, target) {
  return new Promise((resolve, reject) => {
    const socket = io(target, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      timeout: 20_000,
    });
    const client = {
      index,
      socket,
      userId: "",
      gender: GENDERS[Math.floor(random() * GENDERS.length)],
      preference: PREFERENCES[Math.floor(random() * PREFERENCES.length)],
      languages: options.languages === false ? [] : crowdLanguages(languageRandom),
      state: "new",
      sentAt: 0,
      hasJoined: false,
      partnerUserId: undefined,
    };
    const fail = (error) => {
      socket.off("session", onSession);
      reject(error);
    };
    const onSession = (session) => {
      socket.off("connect_error", fail);
      client.userId = session.userId;
      resolve(client);
    };
    socket.once("session", onSession);
    socket.once("connect_error", fail);
    socket.on("matched", (payload) => onMatched(client, payload));
    socket.on("disconnect", () => {
      counts.disconnects += 1;
    });
  });
}

/**
 * What `client` is called to its partner in `roomId`: its id for a server that sends ids (the
 * baseline), or Heartline's per-pair alias (apps/server/src/features/random-chat/pair-alias.ts,
 * computed here from the bench's AUTH_SECRET; a different formula there shows up as violations).
 */
function expectedPartnerId(roomId, client) {
  if (!options.aliasSecret) return client.userId;
  const digest = createHmac("sha256", options.aliasSecret)
    .update(`random-chat-alias:${roomId}:${client.userId}`)
    .digest("base64url");
  return `p_${digest.slice(0, 22)}`;
}

function onMatched(client, { roomId, partner }) {
  const receivedAt = performance.now();
  counts.matched += 1;
  if (current) current.matched += 1;
  if (partner.id === expectedPartnerId(roomId, client)) counts.selfMatches += 1;
  if (client.state !== "waiting") counts.doubleMatches += 1;
  if (isRecording) recordMicros(waitHistogram, receivedAt - client.sentAt);
  const seen = rooms.get(roomId) ?? [];
  seen.push({ client, roomId, partnerId: partner.id, partnerGender: partner.gender, receivedAt });
  rooms.set(roomId, seen);
  if (seen.length === 2) completePair(seen);
  else if (seen.length > 2) counts.doubleMatches += 1;
  client.state = "matched";
  client.partnerUserId = undefined;
  free.push(client);
}

/**
 * Both sides heard `matched`: the pair is checked (each was told the other's id or alias and gender,
 * and each one's preference accepts the other) and its server-side latency recorded.
 */
function completePair([first, second]) {
  counts.pairs += 1;
  if (
    first.partnerId !== expectedPartnerId(first.roomId, second.client) ||
    second.partnerId !== expectedPartnerId(second.roomId, first.client)
  ) {
    counts.doubleMatches += 1;
  }
  for (const [side, other] of [
    [first, second],
    [second, first],
  ]) {
    if (side.partnerGender !== other.client.gender || !accepts(side.client.preference, other.client.gender)) {
      counts.preferenceViolations += 1;
    }
  }
  first.client.partnerUserId = second.client.userId;
  second.client.partnerUserId = first.client.userId;
  // The pair became possible when the later of the two asked (and their cooldown, if any, ended).
  const cooldownEnd = cooldownEnds.get(pairKey(first.client.userId, second.client.userId)) ?? 0;
  const possibleAt = Math.max(first.client.sentAt, second.client.sentAt, cooldownEnd);
  if (cooldownEnd === possibleAt) counts.pairsAfterCooldown += 1;
  if (!isRecording) return;
  if (first.client.languages.length > 0 && second.client.languages.length > 0) {
    counts.languagePairs += 1;
    if (sharesLanguage(first.client.languages, second.client.languages)) counts.sharedLanguagePairs += 1;
  }
  for (const side of [first, second]) {
    const latency = side.receivedAt - possibleAt;
    if (!current?.capacity) recordMicros(pairingHistogram, latency);
    if (current) recordMicros(current.pairing, latency);
  }
}

function sendFrom(client, intendedAt) {
  if (client.state === "matched" && client.partnerUserId) {
    cooldownEnds.set(pairKey(client.userId, client.partnerUserId), intendedAt + REMATCH_COOLDOWN_MS);
  }
  client.state = "waiting";
  client.sentAt = intendedAt;
  client.partnerUserId = undefined;
  counts.sent += 1;
  if (current) current.sent += 1;
  if (client.hasJoined) {
    client.socket.emit("next", {}, onAck);
  } else {
    client.hasJoined = true;
    // The 18+ confirmation first (issue 14); its ack orders it before the join.
    client.socket.emit("confirm_adult", { accepted: true }, () =>
      client.socket.emit(
        "join",
        {
          gender: client.gender,
          preference: client.preference,
          ...(client.languages.length > 0 ? { languages: client.languages } : {}),
          allowAI: false,
        },
        onAck,
      ),
    );
  }
}

function takeFree() {
  if (freeHead === free.length) return undefined;
  const client = free[freeHead];
  freeHead += 1;
  // Drop the consumed head now and then, so the queue does not grow for ever.
  if (freeHead > 4_096) {
    free.splice(0, freeHead);
    freeHead = 0;
  }
  return client;
}

async function connectAll() {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < options.clients) {
      const index = next++;
      clients[index] = await connectClient(index, options.targets[index % options.targets.length]);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  for (const client of clients) free.push(client);
  return performance.now() - started;
}

/**
 * Sends on schedule: every intended time of every step gets a send, late ones at once (no omission).
 * Recorded steps get their stats in `stepStats`.
 */
function runSteps(steps, record) {
  return new Promise((resolve) => {
    let stepIndex = 0;
    let stepStart = performance.now();
    let sentInStep = 0;
    const serverPids = options.serverPids ?? [];
    const startStep = () => {
      const { rate, ms, capacity = false } = steps[stepIndex];
      const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
      lag.enable();
      const stats = {
        rate,
        ms,
        capacity,
        sent: 0,
        matched: 0,
        skipped: 0,
        pairing: createHistogram(HISTOGRAM_RANGE),
        lag,
        generatorCpuBefore: process.cpuUsage(),
        serverCpuBefore: serverPids.map(cpuTimeMs),
        startedAt: epochNow(),
      };
      if (record) stepStats.push(stats);
      current = record ? stats : undefined;
      isRecording = record;
    };
    const endStep = () => {
      if (!current) return;
      current.endedAt = epochNow();
      current.lag.disable();
      const used = process.cpuUsage(current.generatorCpuBefore);
      current.generatorCpuMs = (used.user + used.system) / 1_000;
      current.serverCpuMs = serverPids
        .map((pid, index) => cpuTimeMs(pid) - current.serverCpuBefore[index])
        .filter(Number.isFinite)
        .reduce((sum, value) => sum + value, 0);
    };
    startStep();
    const tick = () => {
      const now = performance.now();
      const step = steps[stepIndex];
      const due = Math.min(
        Math.floor(((now - stepStart) * step.rate) / 1_000) + 1,
        (step.rate * step.ms) / 1_000,
      );
      while (sentInStep < due) {
        const intendedAt = stepStart + (sentInStep * 1_000) / step.rate;
        sentInStep += 1;
        const client = takeFree();
        if (client) sendFrom(client, intendedAt);
        else {
          counts.skippedNoFreeClient += 1;
          if (current) current.skipped += 1;
        }
      }
      if (now - stepStart >= step.ms) {
        endStep();
        const fellBehind = current?.capacity && current.matched < STOP_BELOW_SHARE * current.sent;
        stepIndex += 1;
        if (stepIndex === steps.length || fellBehind) {
          current = undefined;
          resolve();
          return;
        }
        stepStart += step.ms;
        sentInStep = 0;
        startStep();
      }
      setTimeout(tick, 1);
    };
    tick();
  });
}

/** Percentiles in ms of a histogram in µs (`unit` 1,000), or of the lag monitor's ns less its interval. */
function percentiles(histogram, unit = 1_000, offsetMs = 0) {
  if (histogram.count === 0) return { count: 0, p50Ms: null, p99Ms: null, p999Ms: null, maxMs: null };
  const at = (value) => Math.max(0, value / unit - offsetMs);
  return {
    count: histogram.count,
    p50Ms: at(histogram.percentile(50)),
    p99Ms: at(histogram.percentile(99)),
    p999Ms: at(histogram.percentile(99.9)),
    maxMs: at(histogram.max),
  };
}

const connectMs = await connectAll();
if (options.warmup) await runSteps([options.warmup], false);
const serverPids = options.serverPids ?? [];
const cpuBefore = serverPids.map(cpuTimeMs);
await runSteps(options.steps, true);
const serverCpuMs = serverPids.map((pid, index) => cpuTimeMs(pid) - cpuBefore[index]);
current = undefined;
isRecording = false;
await new Promise((resolve) => setTimeout(resolve, options.drainMs ?? 2_000));
const stillWaiting = clients.filter((client) => client.state === "waiting").length;
for (const client of clients) client.socket.disconnect();

process.stdout.write(
  `${JSON.stringify({
    connectMs,
    serverCpuMs,
    recordedMatched: stepStats.reduce((sum, step) => sum + step.matched, 0),
    counts,
    ackErrorSamples,
    stillWaiting,
    randomPairingLanguageShare: randomPairingLanguageShare(clients),
    wait: percentiles(waitHistogram),
    pairing: percentiles(pairingHistogram),
    steps: stepStats.map((step) => ({
      rate: step.rate,
      ms: step.ms,
      capacity: step.capacity,
      startedAt: step.startedAt,
      endedAt: step.endedAt,
      sent: step.sent,
      skipped: step.skipped,
      matchedPerSecond: (step.matched * 1_000) / step.ms,
      pairing: percentiles(step.pairing),
      generatorCpuMs: step.generatorCpuMs,
      generatorLag: percentiles(step.lag, 1e6, LAG_RESOLUTION_MS),
      serverCpuMs: step.serverCpuMs,
    })),
  })}\n`,
);
process.exit(0);

// B1's figures from the load generator's rounds. Each round's ladder is judged on its own: a step
// *holds* when every message reached every receiver, no acknowledgement was an error, the delivery
// p99 was ≤ 50 ms and the generator was not saturated; the highest step held is the top of the run of
// held steps from the bottom (a step above one that failed does not count). A step where the
// generator saturated (its CPU or its event-loop lag) is *invalid*: it measured the generator, so the
// run of held steps stops there and the server's figure is a lower bound. Then, per server, the
// median round (by deliveries/s held) is reported whole, with every round's held rate beside it.
import { GENERATOR_LIMITS, generatorSaturated, median, topOfRun } from "./stats.mjs";

export { GENERATOR_LIMITS };

export const BAR = { socketIoRatio: 0.9, wsRatio: 0.5, deliveriesPerSecond: 30_000, p99Ms: 50 };
/** The step at which the servers' CPU per delivery is compared (every server holds it). */
export const REFERENCE_RATE = 10;
/** A step "carries" its offer when its window delivered at least this share of it (latency aside). */
const CARRIED_SHARE = 0.9;
/** A p99 needs this many messages behind it before it says more than "the slowest message". */
export const MIN_MESSAGES_FOR_P99 = 1_000;

const orNaN = (value) => value ?? Number.NaN;

/** One step of one round, judged. `receivers` is how many clients each message should reach. */
export function judgeStep(run, { rate, receivers }) {
  const generatorCpuShare = run.generatorCpuMs / run.ms;
  const generatorLagP99Ms = orNaN(run.generatorLag?.p99Ms);
  const invalid = generatorSaturated({ cpuMs: run.generatorCpuMs, ms: run.ms, lagP99Ms: generatorLagP99Ms });
  const step = {
    rate,
    ran: true,
    offeredPerSecond: rate * receivers,
    messages: run.sent,
    samples: run.latency.count,
    deliveriesPerSecond: run.deliveriesPerSecond,
    p50Ms: orNaN(run.latency.p50Ms),
    p99Ms: orNaN(run.latency.p99Ms),
    p999Ms: orNaN(run.latency.p999Ms),
    maxMs: orNaN(run.latency.maxMs),
    p99ByNodeMs: run.latencyByNode.map((node) => orNaN(node.p99Ms)),
    ackP99Ms: orNaN(run.ack.p99Ms),
    lost: run.expected - run.delivered,
    ackErrors: run.ackErrors,
    ackErrorSamples: run.ackErrorSamples,
    serverCpuPercent: (run.serverCpuMs * 100) / run.ms,
    generatorCpuPercent: generatorCpuShare * 100,
    generatorLagP99Ms,
    generatorLagMaxMs: orNaN(run.generatorLag?.maxMs),
    cpuMsPerThousand: (run.serverCpuMs * 1_000) / Math.max(1, run.delivered),
    invalid,
  };
  step.carries =
    !invalid &&
    step.lost === 0 &&
    step.ackErrors === 0 &&
    step.deliveriesPerSecond >= CARRIED_SHARE * step.offeredPerSecond;
  step.holds = step.carries && step.p99Ms <= BAR.p99Ms;
  return step;
}

const notRun = (rate, receivers) => ({
  rate,
  ran: false,
  offeredPerSecond: rate * receivers,
  holds: false,
  carries: false,
});

/** One round's ladder of one server, judged. */
export function summariseRound(ladder, { receivers, steps }) {
  const judged = steps.map(({ rate }, index) => {
    const run = ladder.steps[index];
    return run ? judgeStep(run, { rate, receivers }) : notRun(rate, receivers);
  });
  const held = topOfRun(judged, (step) => step.holds);
  const carried = topOfRun(judged, (step) => step.carries);
  const top = held.top;
  return {
    steps: judged,
    sustained: top
      ? {
          rate: top.rate,
          // Every message of the step (and of every step below) reached every receiver with p99 ≤ 50 ms:
          // the offered rate was carried (the count inside the step's window is shown too).
          deliveriesPerSecond: top.offeredPerSecond,
          measuredPerSecond: top.deliveriesPerSecond,
          p99Ms: top.p99Ms,
          p99ByNodeMs: top.p99ByNodeMs,
        }
      : { rate: 0, deliveriesPerSecond: 0, measuredPerSecond: 0, p99Ms: Number.NaN, p99ByNodeMs: [] },
    /** Why the run of held steps ended: "server" (a step failed), "generator" (invalid) or "ladder" (top held). */
    heldEndedBy: held.endedBy,
    carried: carried.top
      ? {
          rate: carried.top.rate,
          deliveriesPerSecond: carried.top.offeredPerSecond,
          p99Ms: carried.top.p99Ms,
        }
      : { rate: 0, deliveriesPerSecond: 0, p99Ms: Number.NaN },
    carriedEndedBy: carried.endedBy,
    cpuMsPerThousandAtReference: judged.find((step) => step.rate === REFERENCE_RATE && step.ran)
      ?.cpuMsPerThousand,
    stoppedEarly: ladder.stoppedEarly,
    invalidSteps: judged.filter((step) => step.ran && step.invalid).length,
  };
}

/**
 * The median round by deliveries/s held (ties: the lower p99 at that step first); with an even count
 * the lower of the two middle rounds, so the figure never rests on the luckier half.
 */
export function medianRound(rounds) {
  const order = rounds
    .map((round, index) => ({ round, index }))
    .sort(
      (a, b) =>
        a.round.sustained.deliveriesPerSecond - b.round.sustained.deliveriesPerSecond ||
        orNaN(b.round.sustained.p99Ms) - orNaN(a.round.sustained.p99Ms) ||
        a.index - b.index,
    );
  return order[Math.floor((order.length - 1) / 2)];
}

function summariseServer(name, ladders, config) {
  const rounds = ladders.map((ladder) => summariseRound(ladder, config));
  const { round, index } = medianRound(rounds);
  return {
    name,
    ...round,
    roundIndex: index,
    heldRates: rounds.map((entry) => entry.sustained.rate),
    /** The median round's run of held steps went up to the ladder's top: the limit is higher. */
    heldTopStep: round.heldEndedBy === "ladder",
    carriedTopStep: round.carriedEndedBy === "ladder",
    /** The median round's run ended at a step where the generator saturated: a lower bound. */
    limitedByGenerator: round.heldEndedBy === "generator",
    invalidSteps: rounds.reduce((sum, entry) => sum + entry.invalidSteps, 0),
    stoppedEarly: rounds.filter((entry) => entry.stoppedEarly).length,
    medianCpuMsPerThousandAtReference: median(rounds.map((entry) => entry.cpuMsPerThousandAtReference)),
  };
}

export function summariseB1(label, output, config) {
  const measured = output.rounds[0].map((ladder) => ladder.name);
  const names = ["ws", "socketio", "heartline"].filter((name) => measured.includes(name));
  const servers = Object.fromEntries(
    names.map((name) => [
      name,
      summariseServer(
        name,
        output.rounds.map((round) => round.find((ladder) => ladder.name === name)),
        config,
      ),
    ]),
  );
  const unseated = output.connect.find((entry) => entry.name === "heartline" && entry.failed);
  const result = {
    label,
    servers,
    connect: output.connect,
    strayDeliveries: output.strayDeliveries,
    heartlineMissing: unseated ? `it could not seat the room: ${unseated.failed}` : undefined,
  };
  const candidate = servers.heartline;
  if (!candidate) return result;
  const ratio = (get, baseline) => get(candidate) / get(servers[baseline]);
  const sustained = (server) => server.sustained.deliveriesPerSecond;
  const carried = (server) => server.carried.deliveriesPerSecond;
  const cpu = (server) => server.medianCpuMsPerThousandAtReference;
  const ratioSocketIo = ratio(sustained, "socketio");
  const ratioWs = ratio(sustained, "ws");
  return {
    ...result,
    ratioSocketIo,
    ratioWs,
    carriedRatioSocketIo: ratio(carried, "socketio"),
    carriedRatioWs: ratio(carried, "ws"),
    cpuRatioSocketIo: ratio(cpu, "socketio"),
    cpuRatioWs: ratio(cpu, "ws"),
    passes: {
      "vs Socket.IO": ratioSocketIo >= BAR.socketIoRatio,
      "vs ws": ratioWs >= BAR.wsRatio,
      "30,000/s at p99 ≤ 50 ms": sustained(candidate) >= BAR.deliveriesPerSecond,
    },
  };
}

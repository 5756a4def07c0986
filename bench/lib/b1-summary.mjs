// B1's figures from the load generator's rounds: per server and step, the medians of the rounds;
// the highest step each server holds (every message delivered to every receiver, no error ack,
// p99 ≤ 50 ms); the ratios and verdicts of the bar.
import { median } from "./stats.mjs";

export const BAR = { socketIoRatio: 0.9, wsRatio: 0.5, deliveriesPerSecond: 30_000, p99Ms: 50 };
/** The step at which the servers' CPU per delivery is compared (every server holds it). */
export const REFERENCE_RATE = 10;
/** A step "carries" its offer when its window delivered at least this share of it (latency aside). */
const CARRIED_SHARE = 0.9;

const pick = (runs, get) => median(runs.map(get));

function summariseServer(name, ladders, { receivers, steps }) {
  const stepSummaries = steps.map(({ rate }, index) => {
    const runs = ladders.map((ladder) => ladder.steps[index]).filter(Boolean);
    const ranInEveryRound = runs.length === ladders.length;
    const nodes = runs[0]?.latencyByNode.length ?? 0;
    const summary = {
      rate,
      offeredPerSecond: rate * receivers,
      ranInEveryRound,
      deliveriesPerSecond: pick(runs, (run) => run.deliveriesPerSecond),
      p50Ms: pick(runs, (run) => run.latency.p50Ms ?? Number.NaN),
      p99Ms: pick(runs, (run) => run.latency.p99Ms ?? Number.NaN),
      maxMs: pick(runs, (run) => run.latency.maxMs ?? Number.NaN),
      p99ByNodeMs: Array.from({ length: nodes }, (_, node) =>
        pick(runs, (run) => run.latencyByNode[node].p99Ms ?? Number.NaN),
      ),
      ackP99Ms: pick(runs, (run) => run.ack.p99Ms ?? Number.NaN),
      lost: runs.reduce((sum, run) => sum + run.expected - run.delivered, 0),
      ackErrors: runs.reduce((sum, run) => sum + run.ackErrors, 0),
      ackErrorSamples: runs.flatMap((run) => run.ackErrorSamples).slice(0, 2),
      serverCpuPercent: pick(runs, (run) => (run.serverCpuMs * 100) / run.ms),
      generatorCpuPercent: pick(runs, (run) => (run.generatorCpuMs * 100) / run.ms),
      cpuMsPerThousand: pick(runs, (run) => (run.serverCpuMs * 1_000) / Math.max(1, run.delivered)),
    };
    summary.carries =
      ranInEveryRound &&
      summary.lost === 0 &&
      summary.ackErrors === 0 &&
      summary.deliveriesPerSecond >= CARRIED_SHARE * summary.offeredPerSecond;
    summary.holds = summary.carries && summary.p99Ms <= BAR.p99Ms;
    return summary;
  });
  const carried = stepSummaries.filter((step) => step.carries).at(-1);
  const held = stepSummaries.filter((step) => step.holds);
  const top = held.at(-1);
  return {
    name,
    steps: stepSummaries,
    sustained: top
      ? {
          rate: top.rate,
          // Every message of the step reached every receiver with p99 ≤ 50 ms: the offered rate was
          // carried (the count inside the step's window is shown too; it loses a few at the edges).
          deliveriesPerSecond: top.offeredPerSecond,
          measuredPerSecond: top.deliveriesPerSecond,
          p99Ms: top.p99Ms,
          p99ByNodeMs: top.p99ByNodeMs,
        }
      : { rate: 0, deliveriesPerSecond: 0, measuredPerSecond: 0, p99Ms: Number.NaN, p99ByNodeMs: [] },
    /** Throughput alone (latency aside): the highest step whose window carried ≥ 90 % of its offer. */
    carried: carried
      ? { rate: carried.rate, deliveriesPerSecond: carried.offeredPerSecond, p99Ms: carried.p99Ms }
      : { rate: 0, deliveriesPerSecond: 0, p99Ms: Number.NaN },
    carriedTopStep: stepSummaries.at(-1)?.carries === true,
    /** The ladder's top step held: the real limit is higher than measured. */
    heldTopStep: stepSummaries.at(-1)?.holds === true,
    cpuMsPerThousandAtReference: stepSummaries.find((step) => step.rate === REFERENCE_RATE)?.cpuMsPerThousand,
    stoppedEarly: ladders.filter((ladder) => ladder.stoppedEarly).length,
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
  const ratioSocketIo =
    candidate.sustained.deliveriesPerSecond / servers.socketio.sustained.deliveriesPerSecond;
  const ratioWs = candidate.sustained.deliveriesPerSecond / servers.ws.sustained.deliveriesPerSecond;
  return {
    ...result,
    ratioSocketIo,
    ratioWs,
    carriedRatioSocketIo:
      candidate.carried.deliveriesPerSecond / servers.socketio.carried.deliveriesPerSecond,
    carriedRatioWs: candidate.carried.deliveriesPerSecond / servers.ws.carried.deliveriesPerSecond,
    cpuRatioSocketIo: candidate.cpuMsPerThousandAtReference / servers.socketio.cpuMsPerThousandAtReference,
    cpuRatioWs: candidate.cpuMsPerThousandAtReference / servers.ws.cpuMsPerThousandAtReference,
    passes: {
      "vs Socket.IO": ratioSocketIo >= BAR.socketIoRatio,
      "vs ws": ratioWs >= BAR.wsRatio,
      "30,000/s at p99 ≤ 50 ms": candidate.sustained.deliveriesPerSecond >= BAR.deliveriesPerSecond,
    },
  };
}

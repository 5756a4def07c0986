// B1's judging rules on hand-made ladders: what "held" means, when a step is invalid, which round is reported.
import { describe, expect, it } from "vitest";
import { GENERATOR_LIMITS, medianRound, summariseB1, summariseRound } from "./b1-summary.mjs";

const RECEIVERS = 100;
const STEPS = [10, 20, 40, 80].map((rate) => ({ rate, ms: 1_000 }));
const CONFIG = { receivers: RECEIVERS, steps: STEPS };

/** A step's raw figures as the load generator prints them; `overrides` change one aspect. */
function rawStep(rate, overrides = {}) {
  const { p99Ms = 10, lost = 0, generatorCpuMs = 300, lagP99Ms = 2, ackErrors = 0 } = overrides;
  const expected = rate * RECEIVERS;
  const latency = { count: expected - lost, p50Ms: 3, p99Ms, p999Ms: p99Ms + 5, maxMs: p99Ms + 10 };
  return {
    rate,
    ms: 1_000,
    sent: rate,
    expected,
    delivered: expected - lost,
    deliveriesPerSecond: expected - lost,
    latency,
    latencyByNode: [latency],
    ack: { count: rate, p50Ms: 1, p99Ms: 2, p999Ms: 2, maxMs: 2 },
    ackErrors,
    ackErrorSamples: [],
    serverCpuMs: 200,
    generatorCpuMs,
    generatorLag: { count: 100, p50Ms: 1, p99Ms: lagP99Ms, p999Ms: lagP99Ms, maxMs: lagP99Ms },
  };
}

/** A ladder whose step at `rate` gets `overrides[rate]`. */
function ladder(name, overrides = {}) {
  return { name, stoppedEarly: false, steps: STEPS.map(({ rate }) => rawStep(rate, overrides[rate])) };
}

describe("B1 summary", () => {
  it("counts a step as held only when every lower step held too", () => {
    const round = summariseRound(ladder("ws", { 20: { p99Ms: 80 } }), CONFIG);
    expect(round.steps.map((step) => step.holds)).toEqual([true, false, true, true]);
    expect(round.sustained.rate).toBe(10);
    expect(round.heldEndedBy).toBe("server");
  });

  it("does not hold a step that lost a delivery or had an error ack, whatever its p99", () => {
    expect(summariseRound(ladder("ws", { 10: { lost: 1 } }), CONFIG).sustained.rate).toBe(0);
    expect(summariseRound(ladder("ws", { 40: { ackErrors: 1 } }), CONFIG).sustained.rate).toBe(20);
  });

  it("marks a step where the generator saturated invalid, and stops the held run there as a lower bound", () => {
    const byCpu = summariseRound(
      ladder("ws", { 40: { generatorCpuMs: GENERATOR_LIMITS.cpuShare * 1_000 } }),
      CONFIG,
    );
    expect(byCpu.steps[2].invalid).toBe(true);
    expect(byCpu.steps[2].holds).toBe(false);
    expect(byCpu.sustained.rate).toBe(20);
    expect(byCpu.heldEndedBy).toBe("generator");
    const byLag = summariseRound(ladder("ws", { 10: { lagP99Ms: GENERATOR_LIMITS.lagP99Ms + 1 } }), CONFIG);
    expect(byLag.steps[0].invalid).toBe(true);
    expect(byLag.sustained.rate).toBe(0);
    expect(byLag.invalidSteps).toBe(1);
  });

  it("says the ladder's top held when every step held", () => {
    const round = summariseRound(ladder("ws"), CONFIG);
    expect(round.sustained).toMatchObject({ rate: 80, deliveriesPerSecond: 80 * RECEIVERS });
    expect(round.heldEndedBy).toBe("ladder");
  });

  it("treats steps the ladder did not reach as not held", () => {
    const short = { name: "ws", stoppedEarly: true, steps: [rawStep(10), rawStep(20)] };
    const round = summariseRound(short, CONFIG);
    expect(round.steps.map((step) => step.ran)).toEqual([true, true, false, false]);
    expect(round.sustained.rate).toBe(20);
    expect(round.heldEndedBy).toBe("server");
  });

  it("reports the median round whole, and the lower middle one of an even count", () => {
    const rounds = [
      ladder("ws", { 40: { p99Ms: 60 } }),
      ladder("ws"),
      ladder("ws", { 20: { p99Ms: 60 } }),
    ].map((entry) => summariseRound(entry, CONFIG));
    // Held 20, 80 and 10 msg/s: the median is the first round.
    expect(medianRound(rounds)).toMatchObject({ index: 0 });
    // Held 80 and 10: the lower one (the second of the two).
    expect(medianRound(rounds.slice(1)).index).toBe(1);
  });

  it("compares Heartline's median round with the baselines' and judges the bar", () => {
    const output = {
      connect: [],
      strayDeliveries: 0,
      rounds: [0, 1, 2].map((round) => [
        ladder("ws"),
        ladder("socketio", { 80: { p99Ms: 70 } }),
        ladder("heartline", round === 1 ? {} : { 40: { p99Ms: 70 } }),
      ]),
    };
    const result = summariseB1("embedded", output, CONFIG);
    expect(result.servers.heartline.heldRates).toEqual([20, 80, 20]);
    expect(result.servers.heartline.sustained.rate).toBe(20);
    expect(result.ratioSocketIo).toBeCloseTo(20 / 40);
    expect(result.ratioWs).toBeCloseTo(20 / 80);
    expect(result.passes["vs Socket.IO"]).toBe(false);
    expect(result.passes["vs ws"]).toBe(false);
  });
});

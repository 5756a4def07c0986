import { describe, expect, it } from "vitest";
import { clusterCpu, loadOf, nodesFor, PROFILE, postgresLoad, streamEntries } from "./model.mjs";
import { mixForBudget, perOperation } from "./step-costs.mjs";

const COSTS = {
  groupDeliveryUs: 20,
  matchUs: 500,
  chatMessageUs: 300,
  dmUs: 2_000,
  connectionUsPerSecond: 5,
  streamEntryUs: 10,
};

describe("the capacity model (docs/scaling.md)", () => {
  it("turns 10,000 users into the profile's operations, the room under its cap", () => {
    const load = loadOf(10_000);
    expect(load.joins).toBeCloseTo(5_000 / 60);
    expect(load.chatMessages).toBe(500);
    expect(load.roomRate).toBe(10);
    expect(load.uncappedRoomRate).toBe(10);
    expect(load.groupDeliveries).toBe(10 * 2_999);
    expect(load.dms).toBeCloseTo(2_000 / 60);
  });

  it("caps the room-wide rate, so deliveries grow with the members, not their square", () => {
    const load = loadOf(1_000_000);
    expect(load.uncappedRoomRate).toBe(1_000);
    expect(load.roomRate).toBe(PROFILE.groupRoomCapPerSecond);
    expect(load.groupDeliveries).toBe(10 * 299_999);
    expect(postgresLoad(load).dmStatements).toBeCloseTo(200_000 / 60);
  });

  it("has no stream on one node, and every node reads every entry on many", () => {
    const load = loadOf(10_000);
    expect(streamEntries(load, 1)).toBe(0);
    const entries = streamEntries(load, 4);
    expect(entries).toBeCloseTo((500 + 2_000 / 60 + 5_000 / 120) * 0.75 + 10);
    const withoutStream = clusterCpu(load, 4, { ...COSTS, streamEntryUs: 0 });
    expect(clusterCpu(load, 4, COSTS) - withoutStream).toBeCloseTo((4 * entries * 10) / 1e6);
  });

  it("adds nodes until each is under the target, and finds none when the stream alone is over it", () => {
    const nodes = nodesFor(100_000, COSTS);
    const load = loadOf(100_000);
    expect(clusterCpu(load, nodes, COSTS) / nodes).toBeLessThanOrEqual(PROFILE.targetUtilisation);
    expect(clusterCpu(load, nodes - 1, COSTS) / (nodes - 1)).toBeGreaterThan(PROFILE.targetUtilisation);
    expect(nodesFor(1_000_000, { ...COSTS, streamEntryUs: 50 })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("the multi-node check's arithmetic", () => {
  const usage = (nodesMs, extra = {}) => ({
    wallMs: 10_000,
    nodesMs,
    postgresMs: 0,
    redisMs: 0,
    commands: {},
    streamEntries: 0,
    ...extra,
  });
  const step = (name, nodesMs, ops, extra) => ({
    name,
    usage: usage(nodesMs, extra),
    group: { sent: ops.groupSent ?? 0, delivered: ops.groupDelivered ?? 0 },
    random: { matched: ops.matched ?? 0 },
    chat: { delivered: ops.chat ?? 0 },
  });

  it("charges each operation the CPU above idle, and the bystander node per stream entry", () => {
    const steps = [
      step("idle", [100, 100, 100, 100], {}),
      step(
        "group only",
        [1_100, 1_100, 1_100, 300],
        { groupSent: 100, groupDelivered: 30_000 },
        {
          streamEntries: 100,
        },
      ),
      step("random joins only", [600, 600, 600, 100], { matched: 1_000 }),
      step("random messages only", [400, 400, 400, 150], { chat: 1_500 }, { streamEntries: 1_000 }),
    ];
    const costs = perOperation(steps, { carrying: 3, groupReceivers: 299, connections: 1_000 });
    expect(costs.idleCoreShare).toBeCloseTo(0.04);
    expect(costs.connectionUsPerSecond).toBeCloseTo(40);
    expect(costs.perOperation.groupDeliveryUs).toBeCloseTo((3_200 * 1_000) / 30_000);
    expect(costs.perOperation.matchUs).toBeCloseTo(1_500);
    expect(costs.perOperation.chatMessageUs).toBeCloseTo((950 * 1_000) / 1_500);
    expect(costs.streamEntryUs.group).toBeCloseTo(2_000);
    expect(costs.streamEntryUs.chat).toBeCloseTo(50);
  });

  it("plans the mix whose operations fill the budget left after idle", () => {
    const mix = mixForBudget({ budgetCoreShare: 0.5, idle: 0.1, costs: COSTS, groupReceivers: 599 });
    const load = mix.load;
    const share = (load.groupDeliveries * 20 + load.matched * 500 + load.chatMessages * 300) / 1e6;
    expect(share).toBeCloseTo(0.4, 4);
    expect(mix.rates.groupPerSecond).toBeCloseTo(load.groupDeliveries / 599);
  });
});

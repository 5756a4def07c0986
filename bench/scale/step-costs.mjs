// The multi-node check's arithmetic, apart from the processes so it can be tested: costs per operation
// from the steps that ran one kind of operation alone, the mix the model plans for a CPU budget, and
// the model's prediction for the mix against what it used.
import { loadOf, PROFILE } from "./model.mjs";

const sum = (values) => values.filter(Number.isFinite).reduce((total, value) => total + value, 0);

/** CPU ms a step used on core 0's processes: the nodes, PostgreSQL's backends, Redis. */
export function cpuOf(usage) {
  const nodes = sum(usage.nodesMs);
  return {
    nodes,
    postgres: usage.postgresMs,
    redis: usage.redisMs,
    total: nodes + usage.postgresMs + usage.redisMs,
  };
}

/** The operations a step carried: group deliveries, matched clients, random-chat messages delivered. */
export function operationsOf(step) {
  return {
    groupDeliveries: step.group.delivered,
    matched: step.random.matched,
    chatMessages: step.chat.delivered,
  };
}

const CALLS = (commands) => sum(Object.values(commands).map((entry) => entry.calls));

/**
 * Costs per operation (µs of core-0 CPU: nodes + PostgreSQL + Redis) from the steps named "idle",
 * "group only", "random joins only" and "random messages only": each step's CPU above the idle step's
 * rate, divided by what it carried. The last node is the bystander (no people): its CPU above idle per
 * stream entry is what a node pays for another node's traffic. Redis commands per operation too.
 */
export function perOperation(steps, { carrying, groupReceivers, connections }) {
  const byName = Object.fromEntries(steps.map((step) => [step.name, step]));
  const idle = byName.idle;
  const idleCpu = cpuOf(idle.usage);
  const idleRate = idleCpu.total / idle.usage.wallMs;
  const idleNodeRates = idle.usage.nodesMs.map((ms) => ms / idle.usage.wallMs);
  const above = (step) => cpuOf(step.usage).total - idleRate * step.usage.wallMs;
  const perOp = (step, ops) => (ops > 0 ? (above(step) * 1_000) / ops : Number.NaN);
  const bystander = (step) => {
    const index = step.usage.nodesMs.length - 1;
    const extra = step.usage.nodesMs[index] - idleNodeRates[index] * step.usage.wallMs;
    return step.usage.streamEntries > 0 ? (extra * 1_000) / step.usage.streamEntries : Number.NaN;
  };
  /** A step's count of something above the idle step's rate of it. */
  const extra = (step, read) => read(step.usage) - (read(idle.usage) / idle.usage.wallMs) * step.usage.wallMs;
  const per = (value, ops) => (ops > 0 ? value / ops : Number.NaN);
  const group = byName["group only"];
  const joins = byName["random joins only"];
  const chat = byName["random messages only"];
  const split = (step, ops) => {
    const cpu = cpuOf(step.usage);
    const wall = step.usage.wallMs;
    const idleParts = cpuOf(idle.usage);
    const part = (key) => ((cpu[key] - (idleParts[key] / idle.usage.wallMs) * wall) * 1_000) / ops;
    return { nodes: part("nodes"), postgres: part("postgres"), redis: part("redis") };
  };
  return {
    carrying,
    idleCoreShare: idleRate,
    connectionUsPerSecond: connections > 0 ? (idleRate * 1e6) / connections : Number.NaN,
    perOperation: {
      groupDeliveryUs: perOp(group, group.group.delivered),
      groupMessageUs: perOp(group, group.group.sent),
      matchUs: perOp(joins, joins.random.matched),
      chatMessageUs: perOp(chat, chat.chat.delivered),
    },
    split: {
      groupDelivery: split(group, group.group.delivered),
      match: split(joins, joins.random.matched),
      chatMessage: split(chat, chat.chat.delivered),
    },
    streamEntryUs: { group: bystander(group), joins: bystander(joins), chat: bystander(chat) },
    // Stream entries and Redis commands above what the idle step had at the same length (pings, presence).
    streamEntriesPer: {
      groupMessage: per(
        extra(group, (usage) => usage.streamEntries),
        group.group.sent,
      ),
      match: per(
        extra(joins, (usage) => usage.streamEntries),
        joins.random.matched,
      ),
      chatMessage: per(
        extra(chat, (usage) => usage.streamEntries),
        chat.chat.delivered,
      ),
    },
    redisCommandsPer: {
      groupMessage: per(
        extra(group, (usage) => CALLS(usage.commands)),
        group.group.sent,
      ),
      match: per(
        extra(joins, (usage) => CALLS(usage.commands)),
        joins.random.matched,
      ),
      chatMessage: per(
        extra(chat, (usage) => CALLS(usage.commands)),
        chat.chat.delivered,
      ),
    },
    evalshaUsPerCall: joins.usage.commands.evalsha
      ? joins.usage.commands.evalsha.usec / joins.usage.commands.evalsha.calls
      : Number.NaN,
    groupReceivers,
  };
}

/** Core share the operations of `users` concurrent users (DMs and connections left out) cost at `costs`. */
function operationsShare(users, costs, profile) {
  const load = loadOf(users, profile);
  return (
    (load.groupDeliveries * costs.groupDeliveryUs +
      load.matched * costs.matchUs +
      load.chatMessages * costs.chatMessageUs) /
    1e6
  );
}

/**
 * The mix the model says core 0 carries: the operation rates of the number of concurrent users whose
 * operations (group deliveries, matches, random-chat messages) cost `budgetCoreShare` minus what the
 * idle connections already use. The group room's deliveries are reproduced with the check's members:
 * more messages to fewer receivers.
 */
export function mixForBudget({ budgetCoreShare, idle, costs, groupReceivers, profile = PROFILE }) {
  const budget = budgetCoreShare - idle;
  let low = 0;
  let high = 1_000_000;
  for (let round = 0; round < 60; round += 1) {
    const middle = (low + high) / 2;
    if (operationsShare(middle, costs, profile) <= budget) low = middle;
    else high = middle;
  }
  const load = loadOf(low, profile);
  return {
    users: low,
    budget,
    costs,
    load,
    rates: {
      groupPerSecond: load.groupDeliveries / groupReceivers,
      joinsPerSecond: load.joins,
      chatPerSecond: load.chatMessages,
    },
  };
}

/** The model's CPU (ms) for what a step carried: idle for its length plus each operation at `costs`. */
export function predictedMs(step, idleCoreShare, costs) {
  const ops = operationsOf(step);
  return (
    idleCoreShare * step.usage.wallMs +
    (ops.groupDeliveries * costs.groupDeliveryUs +
      ops.matched * costs.matchUs +
      ops.chatMessages * costs.chatMessageUs) /
      1_000
  );
}

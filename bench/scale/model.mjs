// The capacity model of docs/scaling.md, as code: an activity profile (an assumption, said so there),
// per-operation costs (measured: bench/RESULTS.md and the multi-node check), and what they give for a
// number of concurrent users — operations per second, nodes, Redis and PostgreSQL load. The doc shows
// the same arithmetic by hand; model.test.mjs pins it.

/** What one concurrent user does, by where they are (docs/scaling.md "The activity profile"). */
export const PROFILE = {
  /** Where the concurrent users are: random chat, the group room, direct messages (and friends pages). */
  shares: { random: 0.5, group: 0.3, dm: 0.2 },
  /** A random-chat user joins (or presses next) once per this many seconds: the average chat. */
  chatSeconds: 60,
  /** A random-chat user in a chat sends one message per this many seconds. */
  randomMessageSeconds: 10,
  /** A member of the group room posts once per this many seconds. */
  groupPostSeconds: 300,
  /**
   * The room-wide rate (messages/s) above which the room is unreadable; the model caps the room there
   * (a room-wide slow mode that the code does not have yet: docs/scaling.md "Limits").
   */
  groupRoomCapPerSecond: 10,
  /** A user on the DM pages sends one direct message per this many seconds. */
  dmSeconds: 60,
  /** Share of random-chat users who are signed in (the others are visitors, ARCHITECTURE §9.5). */
  signedInShareOfRandom: 0.3,
  /** How long a visit lasts (a connection opens and closes once per visit). */
  visitSeconds: 1_200,
  /** Share of a core a node is planned at (headroom for reconnect storms, GC, a lost node). */
  targetUtilisation: 0.6,
};

/** Each signed-in socket re-reads its session every 45–60 s (accounts/session-sockets.ts): 52.5 s on average. */
export const SESSION_CHECK_SECONDS = 52.5;

/**
 * The operations per second of `users` concurrent users under `profile`. Group deliveries are the
 * room's messages times its other members; a DM is delivered to the receiver (other tabs left out).
 */
export function loadOf(users, profile = PROFILE) {
  const random = users * profile.shares.random;
  const members = users * profile.shares.group;
  const dmUsers = users * profile.shares.dm;
  const uncappedRoomRate = members / profile.groupPostSeconds;
  const roomRate = Math.min(uncappedRoomRate, profile.groupRoomCapPerSecond);
  const signedIn = members + dmUsers + random * profile.signedInShareOfRandom;
  return {
    users,
    random,
    members,
    dmUsers,
    joins: random / profile.chatSeconds,
    // Every join ends in a match in the steady state: one matched client per join.
    matched: random / profile.chatSeconds,
    chatMessages: random / profile.randomMessageSeconds,
    uncappedRoomRate,
    roomRate,
    groupDeliveries: roomRate * Math.max(0, members - 1),
    uncappedGroupDeliveries: uncappedRoomRate * Math.max(0, members - 1),
    dms: dmUsers / profile.dmSeconds,
    signedIn,
    sessionChecks: signedIn / SESSION_CHECK_SECONDS,
    connects: users / profile.visitSeconds,
  };
}

/**
 * Stream entries per second through the Redis streams adapter on `nodes` nodes: every emit that may
 * reach a socket on another node is one XADD, and every node reads every entry. A chat message or a DM
 * goes through it when the partner is elsewhere ((n−1)/n of pairs placed at random), a match tells the
 * partner's node, a group message always goes (the other nodes' members).
 */
export function streamEntries(load, nodes) {
  if (nodes <= 1) return 0;
  const elsewhere = (nodes - 1) / nodes;
  return (load.chatMessages + load.dms + load.matched / 2) * elsewhere + load.roomRate;
}

/**
 * Core-seconds per second the whole cluster spends on `load` with `nodes` nodes, from `costs` (µs):
 * per group delivery, per matched client, per random-chat message, per DM, per connection per second
 * (pings, heartbeats, session checks), per stream entry read by a node (every node reads every entry).
 */
export function clusterCpu(load, nodes, costs) {
  const work =
    load.groupDeliveries * costs.groupDeliveryUs +
    load.matched * costs.matchUs +
    load.chatMessages * costs.chatMessageUs +
    load.dms * costs.dmUs +
    load.users * costs.connectionUsPerSecond;
  const reading = nodes * streamEntries(load, nodes) * costs.streamEntryUs;
  return (work + reading) / 1e6;
}

/**
 * The fewest nodes (one core each) that keep every node at or under the target utilisation; Infinity
 * when no number does (each node's share of the stream alone is over the target).
 */
export function nodesFor(users, costs, profile = PROFILE, maxNodes = 100_000) {
  const load = loadOf(users, profile);
  for (let nodes = 1; nodes <= maxNodes; nodes += Math.max(1, Math.floor(nodes / 50))) {
    if (clusterCpu(load, nodes, costs) / nodes <= profile.targetUtilisation) return nodes;
  }
  return Number.POSITIVE_INFINITY;
}

/** Memory of one node holding `connections` sockets, from B4's per-connection RSS and a base RSS. */
export function nodeRssMB(connections, { rssKBPerConnection, baseRssMB }) {
  return baseRssMB + (connections * rssKBPerConnection) / 1_024;
}

/** What PostgreSQL sees from `load` (statements per second; a DM send is one statement writing five rows). */
export function postgresLoad(load) {
  return {
    groupInserts: load.roomRate,
    dmStatements: load.dms,
    rowWrites: load.roomRate + load.dms * 5 + load.connects,
    sessionReads: load.sessionChecks + load.connects,
  };
}

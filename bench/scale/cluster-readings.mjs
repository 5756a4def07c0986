// What the multi-node check reads around each step, outside the nodes: CPU time of the nodes, of the
// PostgreSQL backends serving the check's database and of Redis (/proc), Redis' command counts
// (INFO commandstats, instance-wide) and the entries added to the Socket.IO stream of the check's Redis
// database (XINFO STREAM).
import pg from "pg";
import { createClient } from "redis";
import { cpuTimeMs } from "../lib/processes.mjs";

/** The Redis streams adapter's default stream name (@socket.io/redis-streams-adapter). */
const STREAM_KEY = "socket.io";

/** `cmdstat_evalsha:calls=12,usec=340,…` → { evalsha: { calls, usec } }. */
export function parseCommandStats(info) {
  const stats = {};
  for (const line of info.split("\n")) {
    const match = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line.trim());
    if (match) stats[match[1]] = { calls: Number(match[2]), usec: Number(match[3]) };
  }
  return stats;
}

/** The difference of two commandstats readings, only commands that ran in between. */
export function commandStatsDelta(before, after) {
  const delta = {};
  for (const [command, now] of Object.entries(after)) {
    const then = before[command] ?? { calls: 0, usec: 0 };
    if (now.calls > then.calls)
      delta[command] = { calls: now.calls - then.calls, usec: now.usec - then.usec };
  }
  return delta;
}

/**
 * Opens the connections the readings need; `read()` returns one reading, `close()` ends them.
 * @param {{ databaseUrl: string, redisUrl: string, nodePids: number[], redisPid: number }} options
 */
export async function openReadings({ databaseUrl, redisUrl, nodePids, redisPid }) {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  const backendPids = async () => {
    const { rows } = await database.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  };
  const streamAdded = async () => {
    try {
      const info = await redis.sendCommand(["XINFO", "STREAM", STREAM_KEY]);
      const index = info.indexOf("entries-added");
      return index >= 0 ? Number(info[index + 1]) : Number.NaN;
    } catch {
      return 0;
    }
  };
  return {
    async read() {
      const pids = await backendPids();
      return {
        at: performance.now(),
        nodes: nodePids.map(cpuTimeMs),
        redis: cpuTimeMs(redisPid),
        postgres: Object.fromEntries(pids.map((pid) => [pid, cpuTimeMs(pid)])),
        commands: parseCommandStats(await redis.info("commandstats")),
        streamAdded: await streamAdded(),
      };
    },
    /** Before the database is dropped. */
    async closeDatabase() {
      await database.end().catch(() => undefined);
    },
    /** Leaves the check's Redis database empty (the line, the pairs, the stream, the limits). */
    async flushAndClose() {
      await redis.flushDb();
      await redis.close();
    },
  };
}

/** What happened between two readings: CPU ms per process group, Redis commands, stream entries. */
export function between(before, after) {
  const postgres = Object.entries(after.postgres).reduce((sum, [pid, ms]) => {
    const then = before.postgres[pid] ?? 0;
    return Number.isFinite(ms) ? sum + ms - then : sum;
  }, 0);
  return {
    wallMs: after.at - before.at,
    nodesMs: after.nodes.map((ms, index) => ms - before.nodes[index]),
    redisMs: after.redis - before.redis,
    postgresMs: postgres,
    commands: commandStatsDelta(before.commands, after.commands),
    streamEntries: after.streamAdded - before.streamAdded,
  };
}

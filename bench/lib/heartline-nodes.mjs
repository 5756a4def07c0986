// Heartline nodes for the benchmarks: the real server, compiled as `npm start` runs it
// (apps/server/build.mjs, into apps/server/dist-bench/ so that a `npm run build` beside it is not
// disturbed) and pinned to the server core, on embedded PGlite in a temporary data directory, or on a fresh PostgreSQL database and a
// flushed Redis database of the benchmark's own (the two-node shape).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { pinSharedServices, SERVER_CORE, startPinnedServer } from "./processes.mjs";

export const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123";
export const PUBLIC_URL = "http://localhost:3000";

/** Environment of a Heartline node: only what it needs, never this shell's DATABASE_URL by accident. */
export function nodeEnv(dataDir, extra = {}) {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    AUTH_SECRET,
    PUBLIC_URL,
    LOG_LEVEL: "warn",
    // Thousands of simulated people share 127.0.0.1 and send faster than people do.
    SOCKET_CONNECTIONS_PER_IP: "100000",
    SOCKET_EVENT_LIMIT_SCALE: "1000",
    ...extra,
  };
}

export function makeDataDir() {
  return mkdtemp(path.join(tmpdir(), "heartline-bench-"));
}

const BUNDLE_DIR = "dist-bench";
/** Roots whose server this process has compiled (once per bench run, about a second with esbuild). */
const compiled = new Set();

/**
 * The server's bundle for `root`, compiled at the first call. Production runs the compiled server
 * (`npm start`, ADR 0020); under tsx every closure made per event also paid esbuild's `__name`
 * (about 2 % of a B3 node's samples, 2026-12-06).
 */
function serverBundle(root) {
  const serverDir = path.join(root, "apps/server");
  if (!compiled.has(root)) {
    execFileSync(process.execPath, ["build.mjs", "--outdir", BUNDLE_DIR], {
      cwd: serverDir,
      stdio: "ignore",
    });
    compiled.add(root);
  }
  return path.join(serverDir, BUNDLE_DIR, "main.js");
}

/**
 * Starts one node in `dataDir` (which the caller owns); `nodeArgs` go before the script
 * (`--cpu-prof` and the like); `ipc` gives it an IPC channel (B4's memory readings).
 */
export function startNode(root, { name, dataDir, env = {}, nodeArgs = [], ipc = false }) {
  return startPinnedServer({
    name,
    args: [...nodeArgs, serverBundle(root)],
    env: nodeEnv(dataDir, env),
    core: SERVER_CORE,
    cwd: root,
    ipc,
  });
}

/**
 * One node in a data directory of its own, removed when the node stops (or when starting fails).
 * `prepare(dataDir)` runs before the node starts (seeding); its result is returned as `prepared`.
 */
export async function startOwnedNode(root, { name, env, nodeArgs, ipc, prepare }) {
  const dataDir = await makeDataDir();
  try {
    const prepared = prepare ? await prepare(dataDir) : undefined;
    const node = await startNode(root, { name, dataDir, env, nodeArgs, ipc });
    return {
      ...node,
      prepared,
      stop: async () => {
        await node.stop();
        await removeDirs([dataDir]);
      },
    };
  } catch (error) {
    await removeDirs([dataDir]);
    throw error;
  }
}

async function withPg(connectionString, action) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on DATABASE_URL's server and Redis database `redisDb` flushed, so that nothing
 * from an earlier run interferes. Redis and the database's PostgreSQL backends are pinned to the
 * server core until `drop()` (processes.mjs `pinSharedServices`). Returns the URLs for the nodes,
 * Redis' pid (for its CPU time), `pinning()` (which ran where, for the report) and `drop()`, which
 * removes the database and restores Redis' affinity.
 */
export async function prepareSharedServices({ databasePrefix, redisDb }) {
  const databaseName = `${databasePrefix}_${randomBytes(6).toString("hex")}`;
  await withPg(process.env.DATABASE_URL, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const databaseUrl = new URL(process.env.DATABASE_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const redisUrl = new URL(process.env.REDIS_URL);
  redisUrl.pathname = `/${redisDb}`;
  const redis = createClient({ url: redisUrl.toString() });
  await redis.connect();
  await redis.flushDb();
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info("server"))?.[1]);
  await redis.close();
  const pinned = pinSharedServices({
    redisPid,
    queryPids: () =>
      withPg(databaseUrl.toString(), async (client) => {
        const { rows } = await client.query(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        return rows.map((row) => row.pid);
      }),
  });
  return {
    env: { DATABASE_URL: databaseUrl.toString(), REDIS_URL: redisUrl.toString() },
    redisPid,
    pinning: pinned.describe,
    drop: async () => {
      pinned.stop();
      await withPg(process.env.DATABASE_URL, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
      );
    },
  };
}

/** Removes data directories; a benchmark's clean-up never fails on them. */
export function removeDirs(dirs) {
  return Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

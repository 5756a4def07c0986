// B1's Heartline nodes: one embedded node (PGlite) or two nodes on PostgreSQL + Redis, each started
// on the server core after its crowd of guests was seeded into the database (b1-seed-users.mjs).
// The node start mirrors b3-random-matching.mjs (same environment, same pinning).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { createClient } from "redis";
import { SERVER_CORE, startPinnedServer } from "./processes.mjs";

const run = promisify(execFile);
const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123";
const PUBLIC_URL = "http://localhost:3000";
/** A Redis database of its own (B3 uses 14), flushed before the cluster runs. */
const REDIS_DB = 13;

/** Environment of a Heartline node: only what it needs, never this shell's DATABASE_URL by accident. */
function nodeEnv(dataDir, extra) {
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
    ...extra,
  };
}

/** Seeds `count` guests plus a publisher; returns [{ userId, username, cookie }], publisher last. */
async function seedGuests(root, { dataDir, databaseUrl, count }) {
  const outFile = path.join(dataDir, "b1-users.json");
  const input = { dataDir, databaseUrl, authSecret: AUTH_SECRET, publicUrl: PUBLIC_URL, count, outFile };
  await run(process.execPath, ["--import", "tsx", "bench/lib/b1-seed-users.mjs", JSON.stringify(input)], {
    cwd: root,
    env: nodeEnv(dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    timeout: 120_000,
    maxBuffer: 10_000_000,
  });
  return JSON.parse(await readFile(outFile, "utf8")).users;
}

/** `B1_CPU_PROF_DIR=/some/dir` profiles every Heartline node (`--cpu-prof`, written when it stops). */
const PROFILE_ARGS = process.env.B1_CPU_PROF_DIR
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.B1_CPU_PROF_DIR}`]
  : [];

async function startNode(root, name, dataDir, extra) {
  return startPinnedServer({
    name,
    args: [...PROFILE_ARGS, "--import", "tsx", "apps/server/src/main.ts"],
    env: nodeEnv(dataDir, extra),
    core: SERVER_CORE,
    cwd: root,
  });
}

/** One node on embedded PGlite, with `count` seeded guests (+ the publisher). */
export async function startEmbedded(root, count) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "heartline-b1-"));
  try {
    const users = await seedGuests(root, { dataDir, count });
    const node = await startNode(root, "heartline (embedded)", dataDir, {});
    return {
      nodes: [node],
      users,
      stop: async () => {
        await node.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
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

/** Two nodes on a fresh PostgreSQL database and a flushed Redis database, with seeded guests. */
export async function startCluster(root, count) {
  const databaseName = `heartline_b1_${randomBytes(6).toString("hex")}`;
  await withPg(process.env.DATABASE_URL, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const databaseUrl = new URL(process.env.DATABASE_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const redisUrl = new URL(process.env.REDIS_URL);
  redisUrl.pathname = `/${REDIS_DB}`;
  const redis = createClient({ url: redisUrl.toString() });
  await redis.connect();
  await redis.flushDb();
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info("server"))?.[1]);
  await redis.close();
  const dataDirs = [];
  const nodes = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await withPg(process.env.DATABASE_URL, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
    );
  };
  try {
    for (let index = 0; index < 2; index += 1) {
      dataDirs.push(await mkdtemp(path.join(tmpdir(), "heartline-b1-")));
    }
    const env = { DATABASE_URL: databaseUrl.toString(), REDIS_URL: redisUrl.toString() };
    const users = await seedGuests(root, { dataDir: dataDirs[0], databaseUrl: env.DATABASE_URL, count });
    nodes.push(await startNode(root, "heartline node 1", dataDirs[0], env));
    nodes.push(await startNode(root, "heartline node 2", dataDirs[1], env));
    return { nodes, users, redisPid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

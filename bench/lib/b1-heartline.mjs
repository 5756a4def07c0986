// B1's Heartline nodes: one embedded node (PGlite) or two nodes on PostgreSQL + Redis, each started
// on the server core after its crowd of guests was seeded into the database (b1-seed-users.mjs).
// The node start mirrors b3-random-matching.mjs (same environment, same pinning).
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import {
  AUTH_SECRET,
  makeDataDir,
  nodeEnv,
  PUBLIC_URL,
  prepareSharedServices,
  removeDirs,
  startNode,
  startOwnedNode,
} from "./heartline-nodes.mjs";

const run = promisify(execFile);
/** A Redis database of its own (B3 uses 14), flushed before the cluster runs. */
const REDIS_DB = 13;

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

/** One node on embedded PGlite, with `count` seeded guests (+ the publisher). */
export async function startEmbedded(root, count) {
  const node = await startOwnedNode(root, {
    name: "heartline (embedded)",
    nodeArgs: PROFILE_ARGS,
    prepare: (dataDir) => seedGuests(root, { dataDir, count }),
  });
  return { nodes: [node], users: node.prepared, stop: () => node.stop() };
}

/** Two nodes on a fresh PostgreSQL database and a flushed Redis database, with seeded guests. */
export async function startCluster(root, count) {
  const services = await prepareSharedServices({ databasePrefix: "heartline_b1", redisDb: REDIS_DB });
  const dataDirs = [];
  const nodes = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await removeDirs(dataDirs);
    await services.drop();
  };
  try {
    dataDirs.push(await makeDataDir(), await makeDataDir());
    const { env } = services;
    const users = await seedGuests(root, { dataDir: dataDirs[0], databaseUrl: env.DATABASE_URL, count });
    for (const [index, dataDir] of dataDirs.entries()) {
      nodes.push(
        await startNode(root, { name: `heartline node ${index + 1}`, dataDir, env, nodeArgs: PROFILE_ARGS }),
      );
    }
    return { nodes, users, redisPid: services.redisPid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

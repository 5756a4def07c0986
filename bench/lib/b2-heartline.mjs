// B2's Heartline nodes: one embedded node (PGlite) or two nodes on PostgreSQL + Redis, each started
// on the server core after the pairs of registered people were seeded (b2-seed-users.mjs). Mirrors
// b1-heartline.mjs (same environment, same pinning); `services` is returned so that the two-node
// baseline can write into the same PostgreSQL database and use the same Redis.
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
/** A Redis database of its own (B1 uses 13, B3 14, the fault tests 10, the cluster suites 12), flushed first. */
export const B2_REDIS_DB = 15;

async function seedPeople(root, { dataDir, databaseUrl, count }) {
  const outFile = path.join(dataDir, "b2-users.json");
  const input = { dataDir, databaseUrl, authSecret: AUTH_SECRET, publicUrl: PUBLIC_URL, count, outFile };
  await run(process.execPath, ["--import", "tsx", "bench/lib/b2-seed-users.mjs", JSON.stringify(input)], {
    cwd: root,
    env: nodeEnv(dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    timeout: 120_000,
    maxBuffer: 10_000_000,
  });
  return JSON.parse(await readFile(outFile, "utf8")).users;
}

/** `B2_CPU_PROF_DIR=/some/dir` profiles every Heartline node (`--cpu-prof`, written when it stops). */
const PROFILE_ARGS = process.env.B2_CPU_PROF_DIR
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.B2_CPU_PROF_DIR}`]
  : [];

/** One node on embedded PGlite with `count` seeded people. */
export async function startEmbedded(root, count) {
  const node = await startOwnedNode(root, {
    name: "heartline (embedded)",
    nodeArgs: PROFILE_ARGS,
    prepare: (dataDir) => seedPeople(root, { dataDir, count }),
  });
  return { nodes: [node], users: node.prepared, stop: () => node.stop() };
}

/** Two nodes on a fresh PostgreSQL database and a flushed Redis database, with seeded people. */
export async function startCluster(root, count) {
  const services = await prepareSharedServices({ databasePrefix: "heartline_b2", redisDb: B2_REDIS_DB });
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
    const users = await seedPeople(root, { dataDir: dataDirs[0], databaseUrl: env.DATABASE_URL, count });
    for (const [index, dataDir] of dataDirs.entries()) {
      nodes.push(
        await startNode(root, { name: `heartline node ${index + 1}`, dataDir, env, nodeArgs: PROFILE_ARGS }),
      );
    }
    return { nodes, users, services, redisPid: services.redisPid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

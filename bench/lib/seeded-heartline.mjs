// Heartline nodes for a benchmark whose people are seeded into the database before the nodes start
// (B1's crowd of guests, B2's pairs of registered people): one embedded node (PGlite), or two nodes on a
// fresh PostgreSQL database and a flushed Redis database. Same environment and pinning as B3's nodes.
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

/**
 * `name` ("b1", "b2") names the seed script (`bench/lib/<name>-seed-users.mjs`), the PostgreSQL database
 * prefix, the profiling switch (`<NAME>_CPU_PROF_DIR=/some/dir` profiles every node with `--cpu-prof`) and
 * extra node flags for Heartline's nodes only (`<NAME>_NODE_ARGS="--flag …"`: issue #16's AsyncLocalStorage
 * measurement runs `--experimental-async-context-frame` on Node 22);
 * `redisDb` is the benchmark's own Redis database; `node` ({ env, nodeArgs, ipc }) is passed to every node
 * started (B4: the memory probe). Returns `{ startEmbedded(root, count), startCluster(root, count) }`;
 * `users` is what the seed script wrote, `services` (two nodes) the PostgreSQL and Redis the nodes use.
 */
export function seededHeartline({ name, redisDb, node: nodeOptions = {} }) {
  const profileDir = process.env[`${name.toUpperCase()}_CPU_PROF_DIR`];
  const nodeArgs = [
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env[`${name.toUpperCase()}_NODE_ARGS`]?.split(" ").filter(Boolean) ?? []),
    ...(nodeOptions.nodeArgs ?? []),
  ];
  const { env: nodeEnvExtra = {}, ipc = false } = nodeOptions;

  async function seed(root, { dataDir, databaseUrl, count }) {
    const outFile = path.join(dataDir, `${name}-users.json`);
    const input = { dataDir, databaseUrl, authSecret: AUTH_SECRET, publicUrl: PUBLIC_URL, count, outFile };
    await run(
      process.execPath,
      ["--import", "tsx", `bench/lib/${name}-seed-users.mjs`, JSON.stringify(input)],
      {
        cwd: root,
        env: nodeEnv(dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        timeout: 120_000,
        maxBuffer: 10_000_000,
      },
    );
    return JSON.parse(await readFile(outFile, "utf8")).users;
  }

  async function startEmbedded(root, count, { extraNodeArgs = [] } = {}) {
    const node = await startOwnedNode(root, {
      name: "heartline (embedded)",
      nodeArgs: [...nodeArgs, ...extraNodeArgs],
      env: nodeEnvExtra,
      ipc,
      prepare: (dataDir) => seed(root, { dataDir, count }),
    });
    return { nodes: [node], users: node.prepared, stop: () => node.stop() };
  }

  /** `nodeCount` nodes (two by default; the multi-node check, bench/scale, starts four). */
  async function startCluster(root, count, nodeCount = 2, { extraNodeArgs = [] } = {}) {
    const services = await prepareSharedServices({ databasePrefix: `heartline_${name}`, redisDb });
    const dataDirs = [];
    const nodes = [];
    const stop = async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await removeDirs(dataDirs);
      await services.drop();
    };
    try {
      for (let index = 0; index < nodeCount; index += 1) dataDirs.push(await makeDataDir());
      const env = { ...services.env, ...nodeEnvExtra };
      const users = await seed(root, { dataDir: dataDirs[0], databaseUrl: env.DATABASE_URL, count });
      for (const [index, dataDir] of dataDirs.entries()) {
        nodes.push(
          await startNode(root, {
            name: `heartline node ${index + 1}`,
            dataDir,
            env,
            nodeArgs: [...nodeArgs, ...extraNodeArgs],
            ipc,
          }),
        );
      }
      return { nodes, users, services, redisPid: services.redisPid, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  }

  return { startEmbedded, startCluster };
}

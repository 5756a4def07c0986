import { io as connectClient } from "socket.io-client";
import { afterAll, beforeAll } from "vitest";
import { createScratchDatabase, flushedRedisDb, type ScratchDatabase } from "./scratch-services";
import { type ServerProcess, startServerProcess } from "./server-process";
import type { TestClient } from "./test-app";

/** Two real server processes on a scratch PostgreSQL database and a Redis database of the suite's own. */
export interface TwoNodes {
  databaseUrl: string;
  nodeUrl(index: number): string;
  /** A websocket client on node `index` with this cookie, connected (closed by `stop`). */
  connect(cookie: string, index: number): Promise<TestClient>;
  /** Disconnects the clients, stops both nodes, drops the database. */
  stop(): Promise<void>;
}

export interface StartTwoNodesOptions {
  /** DATABASE_URL's server (a scratch database `{databasePrefix}_{random}` is made on it). */
  postgresUrl: string;
  redisUrl: string;
  databasePrefix: string;
  redisDb: number;
  /** More environment for both nodes. */
  env?: Record<string, string>;
}

export async function startTwoNodes(options: StartTwoNodesOptions): Promise<TwoNodes> {
  const database: ScratchDatabase = await createScratchDatabase(options.postgresUrl, options.databasePrefix);
  const nodes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  const stop = async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await Promise.all(nodes.splice(0).map((node) => node.stop()));
    await database.drop();
  };
  try {
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: await flushedRedisDb(options.redisUrl, options.redisDb),
      HUMAN_CHECK: "off",
      AUTH_RATE_LIMIT_SCALE: "100",
      ...options.env,
    };
    // One after the other: both would race for the migration lock otherwise.
    nodes.push(await startServerProcess(env));
    nodes.push(await startServerProcess(env));
  } catch (error) {
    await stop();
    throw error;
  }
  const nodeUrl = (index: number): string => {
    const node = nodes[index];
    if (!node) throw new Error(`node ${index} did not start`);
    return node.url;
  };
  const connect = async (cookie: string, index: number): Promise<TestClient> => {
    const socket: TestClient = connectClient(nodeUrl(index), {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie },
    });
    clients.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  };
  return { databaseUrl: database.url, nodeUrl, connect, stop };
}

/** Each node may take up to a minute to start (`startServerProcess`), one after the other. */
const START_TIMEOUT_MS = 150_000;

/**
 * Starts two nodes before the suite and stops them after it (vitest hooks); the returned function gives
 * the running nodes inside a test. A start that outlives its hook is still stopped (no node left behind).
 */
export function twoNodesForSuite(options: StartTwoNodesOptions): () => TwoNodes {
  let cluster: TwoNodes | undefined;
  let starting: Promise<TwoNodes> | undefined;
  beforeAll(async () => {
    starting = startTwoNodes(options);
    cluster = await starting;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    const started = cluster ?? (await starting?.catch(() => undefined));
    await started?.stop();
  }, START_TIMEOUT_MS);
  return () => {
    if (!cluster) throw new Error("the nodes did not start");
    return cluster;
  };
}

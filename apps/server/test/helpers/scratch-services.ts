import { randomBytes } from "node:crypto";
import pg from "pg";
import { createClient } from "redis";

/** Runs `run` with a connection to `connectionString`, closed afterwards. */
export async function withPg<T>(
  connectionString: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  /** The new database's URL on the same server. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh database named `{prefix}_{random}` on `serverUrl`'s server, for one suite. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withPg(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withPg(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Redis database `db` of `serverUrl`'s server, emptied: its URL, for one suite. */
export async function flushedRedisDb(serverUrl: string, db: number): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${db}`;
  const redis = createClient({ url: url.toString() });
  await redis.connect();
  await redis.flushDb();
  await redis.close();
  return url.toString();
}

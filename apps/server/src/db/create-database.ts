import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { StartupError } from "../errors/startup-error";
import { redactUrl } from "../lib/redact-url";
import { withNamedStatements } from "../patches/pglite-named-statements";
import { acquireDataDirLock } from "./data-dir-lock";
import { type ListenHandlers, listenOnPostgres } from "./postgres-listener";
import * as schema from "./schema";

/**
 * One `Database` type for feature code, whichever engine runs underneath (ARCHITECTURE §3):
 * embedded PGlite in `DATA_DIR/db` by default, PostgreSQL when `DATABASE_URL` is set.
 */

export type DatabaseSchema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, DatabaseSchema>;
export type DatabaseDriver = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * `LISTEN channel`: every `pg_notify(channel, …)` committed by any process on this database (another
   * node, `npm run admin`) reaches `onMessage`. Resolves to the function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Closes connections (and releases the data-dir lock for PGlite). */
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** PostgreSQL when set. */
  databaseUrl?: string | undefined;
  /** Holds `db/` and `db.lock` for PGlite. */
  dataDir: string;
  /** PGlite in memory, no files and no lock: one fresh database per test suite. */
  inMemory?: boolean;
  /**
   * With `inMemory`: a dump of a migrated data directory (PGlite's `dumpDataDir`) to start from, which
   * skips creating the cluster (about 2 s of CPU per instance); migrations still run.
   */
  inMemoryFrom?: Blob;
  /** Reports errors of idle PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Any fixed number shared by every node: serialises migrations when several nodes start at once. */
const MIGRATION_LOCK_KEY = 7_341_905_112;

export async function createDatabase(options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? createPostgresDatabase(options.databaseUrl, options.onPoolError)
    : createPgliteDatabase(options);
}

async function createPgliteDatabase(options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  const lock = options.inMemory ? undefined : acquireDataDirLock(options.dataDir);
  let client: PGlite | undefined;
  try {
    client = options.inMemory
      ? new PGlite(options.inMemoryFrom ? { loadDataDir: options.inMemoryFrom } : {})
      : new PGlite(path.join(options.dataDir, "db"));
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    // Named statements from here on, once the tables have their final shape.
    const db = drizzlePglite({ client: withNamedStatements(client), schema });
    const opened = client;
    return {
      db,
      driver: "pglite",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // One process owns PGlite's files: only its own transactions notify.
      listen: async (channel, handlers) => {
        const stop = await opened.listen(channel, handlers.onMessage);
        return async () => {
          if (!opened.closed) await stop();
        };
      },
      close: async () => {
        try {
          if (!opened.closed) await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

async function createPostgresDatabase(
  databaseUrl: string,
  onPoolError: ((error: Error) => void) | undefined,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  pool.on("error", (error) => onPoolError?.(error));
  try {
    const db = drizzleNodePostgres({ client: pool, schema });
    await withMigrationLock(pool, databaseUrl, () =>
      migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    );
    return {
      db,
      driver: "postgres",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers),
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/** Two nodes starting together must not both create the same tables. */
async function withMigrationLock(
  pool: pg.Pool,
  databaseUrl: string,
  run: () => Promise<void>,
): Promise<void> {
  let lockClient: pg.PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(`Could not connect to PostgreSQL at ${redactUrl(databaseUrl)}: ${reason}`, {
      cause: error,
    });
  }
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await run();
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lockClient.release();
  }
}

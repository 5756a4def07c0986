import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createDatabase, type Database, type DatabaseHandle } from "../db/create-database";

declare module "fastify" {
  interface FastifyInstance {
    /** Drizzle, typed with the schema; feature code uses only this. */
    db: Database;
    /** Driver name and ping, for the health check. */
    dbHandle: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  /** PGlite in memory instead of `DATA_DIR/db` (tests). Ignored when DATABASE_URL is set. */
  inMemory?: boolean;
  /** With `inMemory`: a dump of a migrated data directory to start from (tests; see createDatabase). */
  inMemoryFrom?: Blob;
}

/** Opens the database, applies migrations, and closes it (releasing the data-dir lock) with the app. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app: FastifyInstance, options) => {
    const handle = await createDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      inMemory: options.inMemory ?? false,
      ...(options.inMemoryFrom ? { inMemoryFrom: options.inMemoryFrom } : {}),
      onPoolError: (error) => {
        app.metrics.databaseError();
        app.log.error({ err: error }, "idle database connection failed");
      },
    });
    app.decorate("db", handle.db);
    app.decorate("dbHandle", handle);
    app.addHook("onClose", async () => {
      await handle.close();
    });
  },
  { name: "db", decorators: { fastify: ["config", "metrics"] } },
);

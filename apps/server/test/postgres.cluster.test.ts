import { afterAll, beforeAll, describe, expect, it } from "vitest";
import MIGRATION_JOURNAL from "../drizzle/meta/_journal.json" with { type: "json" };
import { createScratchDatabase, type ScratchDatabase, withPg } from "./helpers/scratch-services";
import { nextEvent } from "./helpers/socket-events";
import { startTestApp, type TestApp, type TestClient, waitForConnect } from "./helpers/test-app";

/**
 * The production shape (ARCHITECTURE §3): PostgreSQL instead of PGlite, Redis for the Socket.IO
 * adapter and the shared online count, several nodes. Needs a reachable server for each.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
// REQUIRE_CLUSTER=1 without these URLs is refused by scripts/test.mjs before this suite runs.

describe.skipIf(!DATABASE_URL)(
  DATABASE_URL ? "PostgreSQL" : "PostgreSQL (skipped: DATABASE_URL is not set)",
  () => {
    let database: ScratchDatabase | undefined;
    let testDatabaseUrl: string;
    let nodes: TestApp[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_test");
      testDatabaseUrl = database.url;
      const env = { DATABASE_URL: testDatabaseUrl, ...(REDIS_URL ? { REDIS_URL } : {}) };
      // Two nodes start at once on an empty database: the migration lock must serialise them.
      nodes = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
    });

    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database?.drop();
    });

    function node(index: number): TestApp {
      const found = nodes[index];
      if (!found) throw new Error(`node ${index} did not start`);
      return found;
    }

    it("applies every migration of the journal once, on two nodes starting together", async () => {
      await withPg(testDatabaseUrl, async (client) => {
        const tables = await client.query<{ name: string }>(
          `select table_schema || '.' || table_name as name from information_schema.tables
           where table_name in ('page_view_daily', 'reports', '__drizzle_migrations') order by name`,
        );
        expect(tables.rows.map((row) => row.name)).toEqual([
          "drizzle.__drizzle_migrations",
          "public.page_view_daily",
          "public.reports",
        ]);
        const applied = await client.query("select hash from drizzle.__drizzle_migrations");
        expect(applied.rowCount).toBe(MIGRATION_JOURNAL.entries.length);
      });
    });

    it("reports the postgres driver in the health check", async () => {
      const response = await node(0).app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: "ok", database: { ok: true, driver: "postgres" } });
    });

    it("stores page views in PostgreSQL, counted across nodes", async () => {
      for (const index of [0, 1, 0]) {
        const response = await node(index).app.inject({
          method: "POST",
          url: "/api/analytics/page-view",
          payload: { path: "/leaderboard" },
        });
        expect(response.statusCode).toBe(204);
      }
      const rows = await withPg(testDatabaseUrl, async (client) => {
        return (await client.query("select path, views from page_view_daily")).rows;
      });
      expect(rows).toEqual([{ path: "/leaderboard", views: 3 }]);
    });

    describe.skipIf(!REDIS_URL)(
      REDIS_URL ? "with Redis" : "with Redis (skipped: REDIS_URL is not set)",
      () => {
        it("reports the redis adapter in the health check", async () => {
          for (const index of [0, 1]) {
            const response = await node(index).app.inject({ method: "GET", url: "/api/health" });
            expect(response.json()).toMatchObject({ status: "ok", realtime: { ok: true, adapter: "redis" } });
          }
        });

        it("shares the online count between nodes and pushes it to both", async () => {
          const onFirst = await node(0).connect();
          await nextEvent(onFirst, "online_users", (count) => count === 1, 10_000);

          const onSecond: TestClient = node(1).client();
          const pushedToSecond = nextEvent(onSecond, "online_users", (count) => count === 2, 10_000);
          const pushedToFirst = nextEvent(onFirst, "online_users", (count) => count === 2, 10_000);
          await waitForConnect(onSecond);
          expect(await pushedToSecond).toBe(2);
          expect(await pushedToFirst).toBe(2);

          for (const client of [onFirst, onSecond]) {
            const answer = nextEvent(client, "online_users");
            client.emit("request_online_users");
            expect(await answer).toBe(2);
          }
          for (const index of [0, 1]) {
            const response = await node(index).app.inject({ method: "GET", url: "/api/online-count" });
            expect(response.json()).toEqual({ count: 2 });
          }

          const afterLeave = nextEvent(onFirst, "online_users", (count) => count === 1, 10_000);
          onSecond.disconnect();
          expect(await afterLeave).toBe(1);
        });

        // Runs last: it cuts the second node's Redis connection.
        it("answers 503 degraded when Redis is gone, and still shuts down cleanly", async () => {
          node(1).app.redis?.destroy();
          const response = await node(1).app.inject({ method: "GET", url: "/api/health" });
          expect(response.statusCode).toBe(503);
          expect(response.json()).toMatchObject({
            status: "degraded",
            database: { ok: true },
            realtime: { ok: false, adapter: "redis" },
          });
        });
      },
    );
  },
);

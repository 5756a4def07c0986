import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/create-database";
import { setAdminRole } from "../../src/features/accounts/set-admin-role";
import { ADMINS_ROOM } from "../../src/realtime/rooms";
import { type PrivateRedis, startPrivateRedis } from "../faults/outages";
import {
  asPerson,
  BANNED_ACK,
  cookieOf,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import {
  expectAccepted,
  expectRefused,
  expectRemembered,
  handshake,
  secondBrowser,
  sessionLookups,
} from "../fixtures/handshakes";
import {
  createScratchDatabase,
  flushedRedisDb,
  type ScratchDatabase,
  withPg,
} from "../helpers/scratch-services";
import { startTestApp, type TestApp, waitForConnect } from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (1–14 are the other suites' and the benchmarks'). */
const REDIS_DB = 15;
const START_TIMEOUT_MS = 180_000;

/** Waits (polling, no fixed sleep) until `condition` holds. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const ADMIN_CLI = fileURLToPath(new URL("../../src/cli/admin.ts", import.meta.url));

/** `npm run admin -- <args>` in a process of its own, on `databaseUrl`. */
async function runAdminCli(databaseUrl: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", ADMIN_CLI, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "x".repeat(40),
      NODE_ENV: "test",
    },
  });
  return stdout;
}

/** The database's backends listening for role changes (one per node), by process id. */
async function roleListeners(databaseUrl: string): Promise<number[]> {
  return withPg(databaseUrl, async (client) => {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN heartline_role_changed'",
    );
    return result.rows.map((row) => row.pid);
  });
}

/** Two apps in this process on a scratch database and the given Redis; `stop` closes both and drops it. */
async function twoApps(
  prefix: string,
  redisUrl: string,
): Promise<{ nodes: [TestApp, TestApp]; databaseUrl: string; stop(): Promise<void> }> {
  const database: ScratchDatabase = await createScratchDatabase(DATABASE_URL ?? "", prefix);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    HUMAN_CHECK: "off",
    AUTH_RATE_LIMIT_SCALE: "100",
  };
  const nodes: [TestApp, TestApp] = [await startTestApp({ env }), await startTestApp({ env })];
  return {
    nodes,
    databaseUrl: database.url,
    stop: async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database.drop();
    },
  };
}

/**
 * ADR 0022 on two nodes (PostgreSQL, Redis): a session ended through one node is refused at the other
 * node's next reconnection, though that node remembered it; and a Redis outage never makes a
 * reconnection wait (nothing is remembered while evictions cannot arrive, Better Auth answers).
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "accounts: remembered socket identities on two nodes"
    : "accounts: remembered socket identities on two nodes (skipped: DATABASE_URL and REDIS_URL are needed)",
  () => {
    describe("revocations through one node", () => {
      let pair: Awaited<ReturnType<typeof twoApps>> | undefined;
      let nodes: [TestApp, TestApp];

      beforeAll(async () => {
        pair = await twoApps("heartline_idcache", await flushedRedisDb(REDIS_URL ?? "", REDIS_DB));
        nodes = pair.nodes;
      }, START_TIMEOUT_MS);
      afterAll(async () => {
        await pair?.stop();
      });

      /** A person (and a second browser of theirs) whom both nodes remember. */
      async function rememberedOnBoth(username: string): Promise<[TestPerson, TestPerson]> {
        const person = await createRegistered(nodes[0].app, username);
        const other = await secondBrowser(nodes[0].app, person);
        for (const node of nodes) {
          await expectRemembered(node, person);
          await expectRemembered(node, other);
        }
        return [person, other];
      }

      it("sign-out on node 0: node 1 refuses that session's next reconnection, keeps the other one", async () => {
        const [person, other] = await rememberedOnBoth("Out_There");
        const response = await requestAs(nodes[0].app, person, "POST", "/api/accounts/sign-out", {});
        expect(response.statusCode).toBe(200);
        await expectRefused(nodes[1], person);
        await expectRefused(nodes[0], person);
        await expectAccepted(nodes[1], other);
      });

      it("sign-out-everywhere on node 0: node 1 refuses every session's next reconnection", async () => {
        const [person, other] = await rememberedOnBoth("All_Out");
        const response = await requestAs(
          nodes[0].app,
          person,
          "POST",
          "/api/accounts/sign-out-everywhere",
          {},
        );
        expect(response.statusCode).toBe(200);
        await expectRefused(nodes[1], person);
        await expectRefused(nodes[1], other);
      });

      it("a password change on node 0: node 1 refuses the other session, keeps the changing one", async () => {
        const [person, other] = await rememberedOnBoth("Changes_Key");
        const response = await requestAs(nodes[0].app, person, "POST", "/api/accounts/change-password", {
          currentPassword: "secret-pass-123",
          newPassword: "another-pass-456",
        });
        expect(response.statusCode).toBe(200);
        await expectRefused(nodes[1], other);
        await expectAccepted(nodes[1], person);
      });

      it("a deletion on node 0: node 1 refuses the account's next reconnection", async () => {
        const [person] = await rememberedOnBoth("Gone_Now");
        expect((await requestAs(nodes[0].app, person, "DELETE", "/api/users/me")).statusCode).toBe(200);
        await expectRefused(nodes[1], person);
      });

      it("a ban on node 0: the reconnection node 1 answers from memory is kept out of the group", async () => {
        const admin = await createRegistered(nodes[0].app, "Cluster_Admin", { isAdmin: true });
        const [person] = await rememberedOnBoth("Banned_There");
        const ban = await requestAs(nodes[0].app, admin, "POST", "/api/admin/bans", { userId: person.id });
        expect(ban.statusCode).toBe(200);
        const socket = await waitForConnect(nodes[1].client(asPerson(person)));
        expect(await emitWithAck(socket, "join_group")).toEqual(BANNED_ACK);
        socket.disconnect();
      });
    });

    describe("npm run admin while both nodes run", () => {
      let pair: Awaited<ReturnType<typeof twoApps>> | undefined;
      let nodes: [TestApp, TestApp];

      beforeAll(async () => {
        pair = await twoApps("heartline_rolecli", await flushedRedisDb(REDIS_URL ?? "", REDIS_DB));
        nodes = pair.nodes;
        await until(async () => (await roleListeners(pair?.databaseUrl ?? "")).length === 2);
      }, START_TIMEOUT_MS);
      afterAll(async () => {
        await pair?.stop();
      });

      const inAdmins = async (node: TestApp, id: string | undefined) =>
        (await node.app.io.local.in(ADMINS_ROOM).fetchSockets()).some((open) => open.id === id);
      /** Every `adminStatusChanged` a socket hears, in order. */
      const heard = (socket: ReturnType<TestApp["client"]>) => {
        const events: boolean[] = [];
        socket.on("adminStatusChanged", ({ isAdmin }) => events.push(isAdmin));
        return events;
      };

      it("the CLI's grant and revoke reach each node's open sockets once, and no remembered handshake keeps the old role", {
        timeout: 120_000,
      }, async () => {
        const person = await createRegistered(nodes[0].app, "Cli_Live");
        for (const node of nodes) await expectRemembered(node, person);
        const sockets = await Promise.all(nodes.map((node) => waitForConnect(node.client(asPerson(person)))));
        const events = sockets.map(heard);

        expect(await runAdminCli(pair?.databaseUrl ?? "", "grant", "cli_live@example.com")).toContain(
          "is now an admin",
        );
        await until(() => events.every((list) => list.length >= 1));
        for (const [index, node] of nodes.entries()) {
          // The remembered non-admin handshake is gone: Better Auth answers, and the socket is an admin's.
          const before = await sessionLookups(node.app);
          const again = await waitForConnect(node.client(asPerson(person)));
          expect(await sessionLookups(node.app)).toEqual({ ...before, betterAuth: before.betterAuth + 1 });
          expect(await inAdmins(node, again.id)).toBe(true);
          sockets.push(again);
          events.push(heard(again));
          expect(events[index]).toEqual([true]);
        }

        expect(await runAdminCli(pair?.databaseUrl ?? "", "revoke", "cli_live@example.com")).toContain(
          "is now not an admin",
        );
        await until(() => events.every((list) => list.at(-1) === false));
        for (const [index, node] of nodes.entries()) {
          // A revoked admin's open socket left `admins` on its own node, and no node pushed twice.
          expect(await inAdmins(node, sockets[index + 2]?.id)).toBe(false);
          expect(events[index]).toEqual([true, false]);
          expect(events[index + 2]).toEqual([false]);
        }
        for (const socket of sockets) socket.disconnect();
      });

      it("a node whose subscription was cut listens again, forgets what it remembered, and hears the next change", {
        timeout: 120_000,
      }, async () => {
        const databaseUrl = pair?.databaseUrl ?? "";
        const person = await createRegistered(nodes[0].app, "Cli_Cut");
        for (const node of nodes) await expectRemembered(node, person);
        const [cut] = await roleListeners(databaseUrl);
        await withPg(databaseUrl, (client) => client.query("select pg_terminate_backend($1)", [cut]));
        await until(async () => {
          const pids = await roleListeners(databaseUrl);
          return pids.length === 2 && !pids.includes(cut ?? -1);
        });
        // The node that was cut may have missed a change: its memory of this handshake is gone.
        const lookups = await Promise.all(nodes.map((node) => sessionLookups(node.app)));
        for (const node of nodes) await handshake(node, cookieOf(person));
        const after = await Promise.all(nodes.map((node) => sessionLookups(node.app)));
        expect(
          after.map((count, index) => count.betterAuth - (lookups[index]?.betterAuth ?? 0)).sort(),
        ).toEqual([0, 1]);

        const sockets = await Promise.all(nodes.map((node) => waitForConnect(node.client(asPerson(person)))));
        const events = sockets.map(heard);
        // The CLI's use case through a pool of its own (another process's connections, as PostgreSQL sees them).
        const cli = await createDatabase({ databaseUrl, dataDir: "" });
        try {
          await setAdminRole({ db: cli.db, email: "cli_cut@example.com", isAdmin: true });
        } finally {
          await cli.close();
        }
        await until(() => events.every((list) => list.length >= 1));
        expect(events).toEqual([[true], [true]]);
        for (const socket of sockets) socket.disconnect();
      });
    });

    describe("a Redis outage", () => {
      let redis: PrivateRedis | undefined;
      let pair: Awaited<ReturnType<typeof twoApps>> | undefined;
      let nodes: [TestApp, TestApp];

      beforeAll(async () => {
        redis = await startPrivateRedis();
        pair = await twoApps("heartline_idcache_fault", redis.url);
        nodes = pair.nodes;
      }, START_TIMEOUT_MS);
      afterAll(async () => {
        await redis?.start().catch(() => undefined);
        await pair?.stop();
        await redis?.kill();
      });

      const isReady = (node: TestApp) => node.app.redis?.isReady === true;

      it("reconnections are answered by Better Auth while Redis is down, revocations still hold, memory resumes after", async () => {
        const person = await createRegistered(nodes[0].app, "Outage_One");
        const second = await secondBrowser(nodes[0].app, person);
        for (const node of nodes) await expectRemembered(node, person);

        await redis?.kill();
        await until(() => !isReady(nodes[0]) && !isReady(nodes[1]));
        // Nothing is answered from memory while evictions cannot arrive; nothing waits for Redis either.
        for (const node of nodes) {
          const before = await sessionLookups(node.app);
          await expectAccepted(node, person);
          await expectAccepted(node, person);
          expect(await sessionLookups(node.app)).toEqual({ ...before, betterAuth: before.betterAuth + 2 });
        }
        await expectAccepted(nodes[1], second);
        const signOut = await requestAs(nodes[0].app, second, "POST", "/api/accounts/sign-out", {});
        expect(signOut.statusCode).toBe(200);
        await expectRefused(nodes[1], second);

        await redis?.start();
        await until(() => isReady(nodes[0]) && isReady(nodes[1]));
        for (const node of nodes) await expectRemembered(node, person);
      });
    });
  },
);

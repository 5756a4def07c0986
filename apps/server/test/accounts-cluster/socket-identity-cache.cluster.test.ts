import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrivateRedis, startPrivateRedis } from "../faults/outages";
import {
  asPerson,
  BANNED_ACK,
  createRegistered,
  emitWithAck,
  requestAs,
  type TestPerson,
} from "../fixtures/group-fixtures";
import {
  expectAccepted,
  expectRefused,
  expectRemembered,
  secondBrowser,
  sessionLookups,
} from "../fixtures/handshakes";
import { createScratchDatabase, flushedRedisDb, type ScratchDatabase } from "../helpers/scratch-services";
import { startTestApp, type TestApp, waitForConnect } from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (1–14 are the other suites' and the benchmarks'). */
const REDIS_DB = 15;
const START_TIMEOUT_MS = 180_000;

/** Waits (polling, no fixed sleep) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Two apps in this process on a scratch database and the given Redis; `stop` closes both and drops it. */
async function twoApps(
  prefix: string,
  redisUrl: string,
): Promise<{ nodes: [TestApp, TestApp]; stop(): Promise<void> }> {
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

import { SERVER_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitWithAck } from "../fixtures/group-fixtures";
import { createRegisteredUser } from "../fixtures/users";
import { createScratchDatabase, flushedRedisDb, type ScratchDatabase } from "../helpers/scratch-services";
import {
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
  type TestClient,
  waitForConnect,
} from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (the group and random chat cluster tests use 12 and 13). */
const REDIS_DB = 11;
const CAP = 6;
/** `check_if_banned` allowed 3 times a minute per user (on every node together). */
const PER_USER = 3;
const eventLimits = {
  check_if_banned: {
    perSocket: { capacity: 100, refillPerSecond: 1 },
    perUser: { points: PER_USER, durationSeconds: 60 },
  },
};
const RATE_LIMITED = {
  ok: false,
  error: { code: "rate_limited", message: SERVER_MESSAGES.socketEventRateLimited },
};

/** The realtime limits and handshakes across two nodes sharing PostgreSQL and Redis. */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "realtime limits on two nodes"
    : "realtime limits on two nodes (skipped: DATABASE_URL and REDIS_URL are needed)",
  () => {
    let database: ScratchDatabase | undefined;
    let nodes: TestApp[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_realtime");
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: await flushedRedisDb(REDIS_URL ?? "", REDIS_DB),
        TRUST_PROXY: "1",
        SOCKET_CONNECTIONS_PER_IP: String(CAP),
      };
      nodes = [
        await startTestApp({ env, realtime: { eventLimits } }),
        await startTestApp({ env, realtime: { eventLimits } }),
      ];
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database?.drop();
    });

    const from = (ip: string, cookie?: string) => ({
      extraHeaders: { "x-forwarded-for": ip, origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
    });

    it("counts one IP's sockets on both nodes together", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const sockets: TestClient[] = [];
      for (let index = 0; index < CAP / 2; index += 1) {
        sockets.push(await first.connect(from("203.0.113.50")));
        sockets.push(await second.connect(from("203.0.113.50")));
      }
      await expect(waitForConnect(first.client(from("203.0.113.50")))).rejects.toThrow(
        SERVER_MESSAGES.tooManyConnections,
      );
      await expect(waitForConnect(second.client(from("203.0.113.50")))).rejects.toThrow(
        SERVER_MESSAGES.tooManyConnections,
      );
      expect((await second.connect(from("203.0.113.51"))).connected).toBe(true);
      for (const socket of sockets) socket.disconnect();
    });

    it("counts one user's events on both nodes together, answering each from memory", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const member = await createRegisteredUser(first.app);
      const here = await first.connect(from("203.0.113.70", member.cookie));
      const there = await second.connect(from("203.0.113.71", member.cookie));
      // The shared count in Redis (rate-limiter-flexible's key), written after each answer.
      const sharedCount = async () =>
        Number(await first.app.redis?.get(`heartline:rl:socket-event:check_if_banned:${member.id}`));
      for (let sent = 0; sent < PER_USER; sent += 1) {
        expect((await emitWithAck(here, "check_if_banned", {})).ok).toBe(true);
      }
      expect(await emitWithAck(here, "check_if_banned", {})).toEqual(RATE_LIMITED);
      await expect.poll(sharedCount).toBe(PER_USER);
      // The other node counted none itself: one event passes (in flight past the limit, no more);
      // the shared count then blocks the user there too, long before its own count would.
      expect((await emitWithAck(there, "check_if_banned", {})).ok).toBe(true);
      await expect.poll(sharedCount).toBe(PER_USER + 1);
      expect(await emitWithAck(there, "check_if_banned", {})).toEqual(RATE_LIMITED);
      here.disconnect();
      there.disconnect();
    });

    it("fetches a socket of the other node without its session cookie", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const member = await createRegisteredUser(first.app);
      const { cookie } = member;
      const socket = await second.connect(from("203.0.113.60", cookie));
      const remote = await first.app.io.in(`user:${member.id}`).fetchSockets();
      expect(remote.map((entry) => entry.id)).toEqual([socket.id]);
      expect(remote[0]?.data.userId).toBe(member.id);
      expect(remote[0]?.handshake.headers.cookie).toBeUndefined();
      expect(JSON.stringify(remote[0]?.handshake)).not.toContain(cookie.split("=")[1] ?? "x");
    });
  },
);

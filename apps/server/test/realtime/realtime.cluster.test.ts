import { SERVER_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
      nodes = [await startTestApp({ env }), await startTestApp({ env })];
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

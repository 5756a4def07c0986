import {
  FRIEND_ERROR_MESSAGES,
  FRIEND_REQUESTS_PER_HOUR,
  type FriendList,
  type SendFriendRequestResult,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { and, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { friendRequests } from "../../src/db/schema";
import { asUser, createRegisteredUser, type TestUser } from "../fixtures/users";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/scratch-services";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from "../helpers/test-app";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/**
 * Friends on two nodes (ARCHITECTURE §5, §7): PostgreSQL with a pool per node decides simultaneous
 * requests, Redis carries the pushes and the presence lookup to the other node and counts the rate
 * limit once for both.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "friends on two nodes"
    : "friends on two nodes (skipped: DATABASE_URL and REDIS_URL are needed)",
  () => {
    let database: ScratchDatabase | undefined;
    let nodes: TestApp[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_friends");
      const env = { DATABASE_URL: database.url, REDIS_URL: REDIS_URL ?? "", AUTH_RATE_LIMIT_SCALE: "100" };
      nodes = [await startTestApp({ env }), await startTestApp({ env })];
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database?.drop();
    });

    const send = (node: TestApp, from: TestUser, payload: object) =>
      node.app.inject({ method: "POST", url: SOCIAL_PATHS.friendRequests, headers: asUser(from), payload });
    const socketOf = (node: TestApp, person: TestUser) =>
      node.connect({ extraHeaders: { cookie: person.cookie, origin: TEST_PUBLIC_URL } });

    it("ends requests sent at the same moment on two nodes as one friendship", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      for (let round = 0; round < 5; round += 1) {
        const [alice, bob] = [await createRegisteredUser(first.app), await createRegisteredUser(first.app)];
        const answers = await Promise.all([
          send(first, alice, { userId: bob.id }),
          send(second, bob, { userId: alice.id }),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        expect(answers.map((answer) => answer.json<SendFriendRequestResult>().status).sort()).toEqual([
          "accepted",
          "pending",
        ]);
        const rows = await first.app.db
          .select()
          .from(friendRequests)
          .where(
            or(
              and(eq(friendRequests.senderId, alice.id), eq(friendRequests.receiverId, bob.id)),
              and(eq(friendRequests.senderId, bob.id), eq(friendRequests.receiverId, alice.id)),
            ),
          );
        expect(rows.map((row) => row.status)).toEqual(["accepted"]);
      }
    });

    it("pushes to the receiver's socket on the other node and shows them online there", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const [alice, bob] = [await createRegisteredUser(first.app), await createRegisteredUser(first.app)];
      const bobSocket = await socketOf(second, bob);
      const incoming = nextEvent(bobSocket, "friend_request", () => true, 10_000);
      const sent = await send(first, alice, { userId: bob.id });
      const result = sent.json<SendFriendRequestResult>();
      if (result.status !== "pending") throw new Error(`expected pending, got ${sent.body}`);
      expect(await incoming).toMatchObject({
        id: result.request.id,
        direction: "incoming",
        user: { id: alice.id },
      });

      const accepted = await send(second, bob, { userId: alice.id });
      expect(accepted.json<SendFriendRequestResult>().status).toBe("accepted");
      const list = await first.app.inject({
        method: "GET",
        url: SOCIAL_PATHS.friends,
        headers: asUser(alice),
      });
      expect(list.json<FriendList>().friends).toEqual([
        expect.objectContaining({ id: bob.id, status: "online" }),
      ]);
      bobSocket.disconnect();
    });

    it("counts the hourly limit once across both nodes", async () => {
      const [first, second] = nodes as [TestApp, TestApp];
      const [alice, bob] = [await createRegisteredUser(first.app), await createRegisteredUser(first.app)];
      for (let index = 0; index < FRIEND_REQUESTS_PER_HOUR; index += 1) {
        const node = index % 2 === 0 ? first : second;
        expect((await send(node, alice, { username: `nobody_${index}` })).statusCode).toBe(404);
      }
      const refused = await send(second, alice, { userId: bob.id });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 429,
        body: { error: { code: "rate_limited", message: FRIEND_ERROR_MESSAGES.tooManyRequests } },
      });
    });
  },
);

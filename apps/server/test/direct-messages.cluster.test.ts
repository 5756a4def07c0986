import { randomUUID } from "node:crypto";
import {
  type AckResult,
  type DirectMessage,
  type SendFriendRequestResult,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { type Member, ORIGIN, registerMember } from "./faults/group-traffic";
import { withPg } from "./helpers/scratch-services";
import { nextEvent, recordEvents } from "./helpers/socket-events";
import type { TestClient } from "./helpers/test-app";
import { twoNodesForSuite } from "./helpers/two-nodes";

/**
 * Direct messages and friend requests across nodes (ARCHITECTURE §5, §7): two real server processes
 * share PostgreSQL and Redis. A message sent on node A reaches the receiver's tabs on both nodes and
 * the sender's other tab on node B; typing, read receipts and friend-request pushes cross too.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (9 is the DM fault test's; 10–15 the other suites' and the benchmarks'). */
const REDIS_DB = 8;
const QUIET_MS = 500;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "direct messages across two nodes"
    : "direct messages across two nodes (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    const nodes = twoNodesForSuite({
      postgresUrl: DATABASE_URL ?? "",
      redisUrl: REDIS_URL ?? "",
      databasePrefix: "heartline_dmc",
      redisDb: REDIS_DB,
    });
    const nodeUrl = (index: number) => nodes().nodeUrl(index);

    const register = (username: string): Promise<Member> =>
      registerMember(nodeUrl(0), nodes().databaseUrl, username);

    const connect = (member: Member, index: number): Promise<TestClient> =>
      nodes().connect(member.cookie, index);

    function request(index: number, member: Member, method: string, path: string, body?: object) {
      return fetch(`${nodeUrl(index)}${path}`, {
        method,
        headers: {
          origin: ORIGIN,
          cookie: member.cookie,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    }

    const sendDm = (socket: TestClient, receiverId: string, content: string) =>
      socket
        .timeout(10_000)
        .emitWithAck("direct_message", { id: randomUUID(), receiverId, content, type: "text" }) as Promise<
        AckResult<DirectMessage>
      >;

    const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it("delivers a DM to the receiver's tabs on both nodes and to the sender's other tab, once each", async () => {
      const alice = await register("Dm_Alice");
      const bob = await register("Dm_Bob");
      const aliceOnA = await connect(alice, 0);
      const aliceOnB = await connect(alice, 1);
      const bobOnB = await connect(bob, 1);
      const bobOnA = await connect(bob, 0);
      const seen = {
        aliceOnA: recordEvents(aliceOnA, "direct_message"),
        aliceOnB: recordEvents(aliceOnB, "direct_message"),
        bobOnB: recordEvents(bobOnB, "direct_message"),
        bobOnA: recordEvents(bobOnA, "direct_message"),
      };
      const bobStateOnB = nextEvent(
        bobOnB,
        "conversation_state",
        (state) => state.partnerId === alice.id,
        10_000,
      );

      const ack = await sendDm(aliceOnA, bob.id, "hello across the nodes");
      if (!ack.ok) throw new Error(`send refused: ${JSON.stringify(ack.error)}`);
      expect(ack.data).toMatchObject({ senderId: alice.id, receiverId: bob.id, seq: 1, status: "sent" });
      const second = await sendDm(aliceOnA, bob.id, "and a second one");
      if (!second.ok) throw new Error(`second send refused: ${JSON.stringify(second.error)}`);
      expect(second.data.seq).toBe(2);

      // The receiver's unread count is pushed to its tab on the other node.
      expect((await bobStateOnB).unreadCount).toBeGreaterThanOrEqual(1);
      const ids = [ack.data.id, second.data.id];
      for (const [name, socket] of [
        ["bobOnB", seen.bobOnB],
        ["bobOnA", seen.bobOnA],
        ["aliceOnB", seen.aliceOnB],
      ] as const) {
        await waitFor(() => socket.payloads.length >= 2, 10_000, `${name} to receive both messages`);
      }
      await delay(QUIET_MS);
      expect(seen.bobOnB.payloads.map((message) => message.id)).toEqual(ids);
      expect(seen.bobOnA.payloads.map((message) => message.id)).toEqual(ids);
      expect(seen.aliceOnB.payloads.map((message) => message.id)).toEqual(ids);
      expect(seen.bobOnB.payloads[0]).toEqual(ack.data);
      // The sending socket has the ack, not a push of its own message.
      expect(seen.aliceOnA.payloads).toEqual([]);

      // The reply from node B reaches the sender's tabs on both nodes.
      const reply = await sendDm(bobOnB, alice.id, "hi back");
      if (!reply.ok) throw new Error(`reply refused: ${JSON.stringify(reply.error)}`);
      expect(reply.data.seq).toBe(3);
      await waitFor(() => seen.aliceOnA.payloads.length === 1, 10_000, "alice on A to get the reply");
      await waitFor(() => seen.bobOnA.payloads.length === 3, 10_000, "bob's other tab to get his reply");
      expect(seen.aliceOnA.payloads[0]?.id).toBe(reply.data.id);
      expect(seen.aliceOnB.payloads.at(-1)?.id).toBe(reply.data.id);

      // Stored once each in PostgreSQL.
      const rows = await withPg(nodes().databaseUrl, async (client) => {
        const result = await client.query<{ id: string; seq: string }>(
          "select id, seq from direct_messages order by seq",
        );
        return result.rows;
      });
      expect(rows.map((row) => [row.id, Number(row.seq)])).toEqual([
        [ack.data.id, 1],
        [second.data.id, 2],
        [reply.data.id, 3],
      ]);
    });

    it("carries typing and read receipts (direct_message_status) to the other node", async () => {
      const carol = await register("Dm_Carol");
      const dave = await register("Dm_Dave");
      const carolOnA = await connect(carol, 0);
      const daveOnB = await connect(dave, 1);
      const daveOnA = await connect(dave, 0);

      const typingOnB = nextEvent(daveOnB, "direct_message_typing", (p) => p.senderId === carol.id, 10_000);
      const typingOnA = nextEvent(daveOnA, "direct_message_typing", (p) => p.senderId === carol.id, 10_000);
      carolOnA.emit("direct_message_typing", { receiverId: dave.id, isTyping: true });
      expect(await typingOnB).toEqual({ senderId: carol.id, isTyping: true });
      expect(await typingOnA).toEqual({ senderId: carol.id, isTyping: true });

      const sent = await sendDm(carolOnA, dave.id, "read me");
      if (!sent.ok) throw new Error(`send refused: ${JSON.stringify(sent.error)}`);
      await nextEvent(daveOnB, "direct_message", (m) => m.id === sent.data.id, 10_000).catch(() => undefined);

      // Delivery receipt from node B, then the read on node B's HTTP route: both reach the sender on A.
      const delivered = nextEvent(carolOnA, "direct_message_status", (p) => p.status === "delivered", 10_000);
      daveOnB.emit("direct_message_delivered", { partnerId: carol.id, upToSeq: sent.data.seq });
      expect(await delivered).toEqual({
        conversationId: sent.data.conversationId,
        upToSeq: sent.data.seq,
        status: "delivered",
      });
      const read = nextEvent(carolOnA, "direct_message_status", (p) => p.status === "read", 10_000);
      const daveState = nextEvent(daveOnA, "conversation_state", (s) => s.unreadCount === 0, 10_000);
      const answer = await request(1, dave, "POST", SOCIAL_PATHS.conversationRead(carol.id));
      expect(answer.status).toBe(200);
      expect(await read).toEqual({
        conversationId: sent.data.conversationId,
        upToSeq: sent.data.seq,
        status: "read",
      });
      expect((await daveState).lastReadSeq).toBe(sent.data.seq);
    });

    it("carries a friend request and its acceptance between the nodes", async () => {
      const erin = await register("Dm_Erin");
      const frank = await register("Dm_Frank");
      const erinOnA = await connect(erin, 0);
      const frankOnB = await connect(frank, 1);

      const incoming = nextEvent(frankOnB, "friend_request", (p) => p.user.id === erin.id, 10_000);
      const sent = await request(0, erin, "POST", SOCIAL_PATHS.friendRequests, { userId: frank.id });
      expect(sent.status).toBe(200);
      const result = (await sent.json()) as SendFriendRequestResult;
      if (result.status !== "pending") throw new Error(`expected pending, got ${JSON.stringify(result)}`);
      const pushed = await incoming;
      expect(pushed).toMatchObject({ id: result.request.id, direction: "incoming" });

      const updated = nextEvent(erinOnA, "friend_request_updated", (p) => p.id === result.request.id, 10_000);
      const accepted = await request(1, frank, "POST", SOCIAL_PATHS.acceptFriendRequest(result.request.id));
      expect(accepted.status).toBe(200);
      expect(await updated).toEqual({ id: result.request.id, status: "accepted", userId: frank.id });

      const friends = await request(0, erin, "GET", SOCIAL_PATHS.friends);
      const list = (await friends.json()) as { friends: { id: string }[] };
      expect(list.friends.map((friend) => friend.id)).toEqual([frank.id]);
    });
  },
);

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > giveUpAt) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

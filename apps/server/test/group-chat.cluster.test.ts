import { randomBytes, randomUUID } from "node:crypto";
import type { AckResult, GroupJoinData } from "@heartline/shared";
import { GROUP_CHAT_MESSAGES, mutedMessage } from "@heartline/shared";
import { io as connectClient } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "../src/plugins/device-id";
import {
  createScratchDatabase,
  flushedRedisDb,
  type ScratchDatabase,
  withPg,
} from "./helpers/scratch-services";
import { type ServerProcess, startServerProcess } from "./helpers/server-process";
import { nextEvent } from "./helpers/socket-events";
import type { TestClient } from "./helpers/test-app";

/**
 * Group chat and moderation across nodes (issue #5): two real server processes share PostgreSQL and
 * Redis; messages, the online list, mutes and bans made on one node reach people on the other.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A Redis database of its own (the random-chat cluster test uses 13). */
const REDIS_DB = 12;
const ORIGIN = "http://localhost:3000";

interface Person {
  id: string;
  username: string;
  cookie: string;
}

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  DATABASE_URL && REDIS_URL
    ? "group chat across two nodes"
    : "group chat across two nodes (skipped: DATABASE_URL and REDIS_URL must both be set)",
  () => {
    let database: ScratchDatabase | undefined;
    let databaseUrl = "";
    let nodes: ServerProcess[] = [];
    const clients: TestClient[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_gc");
      databaseUrl = database.url;
      // The product's own sign-up and sign-in routes, without the human check (config only, for tests).
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: await flushedRedisDb(REDIS_URL ?? "", REDIS_DB),
        HUMAN_CHECK: "off",
        AUTH_RATE_LIMIT_SCALE: "100",
      };
      // One after the other: both would race to apply the migrations otherwise (they take a lock anyway).
      nodes.push(await startServerProcess(env));
      nodes.push(await startServerProcess(env));
    });

    afterAll(async () => {
      for (const client of clients.splice(0)) client.disconnect();
      await Promise.all(nodes.map((node) => node.stop()));
      nodes = [];
      await database?.drop();
    });

    const nodeUrl = (index: number): string => {
      const node = nodes[index];
      if (!node) throw new Error(`node ${index} did not start`);
      return node.url;
    };

    async function post(path: string, body: object, cookie?: string): Promise<Response> {
      return fetch(`${nodeUrl(0)}${path}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    }

    function sessionCookie(response: Response): string {
      const found = response.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
      if (!found) throw new Error(`no session cookie (${response.status})`);
      return `${found.split(";")[0]}; ${DEVICE_COOKIE}=${randomBytes(16).toString("hex")}`;
    }

    /** A verified registered user (an admin when asked), signed in. */
    async function registered(username: string, isAdmin = false): Promise<Person> {
      const email = `${username.toLowerCase()}@example.com`;
      const password = "secret-pass-123";
      const signUp = await post("/api/accounts/sign-up", {
        email,
        password,
        username,
        dob: "1990-04-12",
        gender: "other",
      });
      expect(signUp.status).toBe(200);
      const id = await withPg(databaseUrl, async (client) => {
        const result = await client.query<{ id: string }>(
          `update "user" set email_verified = true, role = $2 where email = $1 returning id`,
          [email, isAdmin ? "admin" : "user"],
        );
        return result.rows[0]?.id ?? "";
      });
      const signIn = await post("/api/accounts/sign-in", { email, password });
      expect(signIn.status).toBe(200);
      return { id, username, cookie: sessionCookie(signIn) };
    }

    async function connect(person: Person, index: number): Promise<TestClient> {
      const socket: TestClient = connectClient(nodeUrl(index), {
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: person.cookie },
      });
      clients.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      return socket;
    }

    function ack<T>(socket: TestClient, event: string, ...args: unknown[]): Promise<AckResult<T>> {
      const target = socket as unknown as {
        timeout(ms: number): { emitWithAck(e: string, ...a: unknown[]): Promise<AckResult<T>> };
      };
      return target.timeout(10_000).emitWithAck(event, ...args);
    }

    const text = (content: string) => ({ id: randomUUID(), content, type: "text" as const });

    it("carries messages, the online list, mutes and bans from one node to the other", async () => {
      const admin = await registered("Node_Admin", true);
      const alice = await registered("Alice_One");
      const bob = await registered("Bob_Two");
      const adminSocket = await connect(admin, 0);
      const aliceSocket = await connect(alice, 0);
      const bobSocket = await connect(bob, 1);
      for (const socket of [adminSocket, aliceSocket])
        expect((await ack(socket, "join_group")).ok).toBe(true);
      // Node 1 learns node 0's members within a coalesce window of their joins.
      const aliceSeesBob = nextEvent(
        aliceSocket,
        "group_people",
        (delta) => delta.upserts.some((person) => person.userId === bob.id),
        10_000,
      );
      // Until it has, Bob asks again from a new socket each time: a socket may join 5 times in 25 s
      // (ROOM_ACTION), and bobSocket's joins are needed below (polling on it ran them out in one CI run).
      let bobJoined = await ack<GroupJoinData>(bobSocket, "join_group");
      for (let tries = 0; bobJoined.ok && bobJoined.data.peopleCounts.online < 3 && tries < 20; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        bobJoined = await ack<GroupJoinData>(await connect(bob, 1), "join_group");
      }
      if (!bobJoined.ok) throw new Error(bobJoined.error.message);
      // The list holds both nodes' members: counts and the first page.
      expect(bobJoined.data.peopleCounts).toEqual({ online: 3, away: 0 });
      expect(bobJoined.data.onlineUsers.map((person) => person.username)).toEqual([
        "Alice_One",
        "Bob_Two",
        "Node_Admin",
      ]);
      await aliceSeesBob;

      // A message from node 0 reaches node 1, and a reply back.
      const hello = text("hello from node zero");
      const atBob = nextEvent(bobSocket, "group_message", (m) => m.id === hello.id, 10_000);
      expect((await ack(aliceSocket, "group_message", hello)).ok).toBe(true);
      expect(await atBob).toMatchObject({ content: hello.content, senderUsername: "Alice_One" });
      const reply = { ...text("hi back from node one"), replyTo: { id: hello.id } };
      const atAlice = nextEvent(aliceSocket, "group_message", (m) => m.id === reply.id, 10_000);
      expect((await ack(bobSocket, "group_message", reply)).ok).toBe(true);
      expect((await atAlice).replyTo).toMatchObject({ id: hello.id, senderUsername: "Alice_One" });

      // A mute made on node 0 reaches the muted user and an admin on node 1 (the muted list is the
      // admins' alone, issue #33), and node 1 enforces it.
      const adminOnNodeOne = await connect(admin, 1);
      const bobMuted = nextEvent(bobSocket, "user_muted", () => true, 10_000);
      const adminsSeeMute = nextEvent(
        adminOnNodeOne,
        "muted_users_updated",
        (l) => l.some((m) => m.userId === bob.id),
        10_000,
      );
      expect(
        (await post("/api/admin/mutes", { username: "bob_two", reason: "cool down" }, admin.cookie)).status,
      ).toBe(200);
      expect((await bobMuted).reason).toBe("cool down");
      await adminsSeeMute;
      expect(await ack(bobSocket, "group_message", text("muted?"))).toEqual({
        ok: false,
        error: { code: "forbidden", message: mutedMessage("cool down") },
      });

      // A ban made on node 0 takes the user on node 1 out of the room on node 1.
      const bobBanned = nextEvent(bobSocket, "user_banned", () => true, 10_000);
      const bobGone = nextEvent(aliceSocket, "group_people", (d) => d.removals.includes(bob.id), 10_000);
      const adminList = nextEvent(
        adminSocket,
        "banned_users_updated",
        (l) => l.some((b) => b.userId === bob.id),
        10_000,
      );
      expect((await post("/api/admin/bans", { username: "Bob_Two" }, admin.cookie)).status).toBe(200);
      expect(await bobBanned).toEqual({ username: "Bob_Two", userId: bob.id, bannedBy: "Node_Admin" });
      await bobGone;
      await adminList;
      const banned = { ok: false, error: { code: "forbidden", message: GROUP_CHAT_MESSAGES.banned } };
      expect(await ack(bobSocket, "join_group")).toEqual(banned);
      const elsewhere = await connect(bob, 0);
      expect(await ack(elsewhere, "join_group")).toEqual(banned);

      // The unban from node 0 reaches node 1.
      const unbanned = nextEvent(bobSocket, "user_unbanned", () => true, 10_000);
      const removed = await fetch(`${nodeUrl(0)}/api/admin/bans/bob_two`, {
        method: "DELETE",
        headers: { origin: ORIGIN, cookie: admin.cookie },
      });
      expect(await removed.json()).toEqual({ removed: true });
      expect(await unbanned).toEqual({ username: "Bob_Two", unbannedBy: "Node_Admin", userId: bob.id });
      expect(await ack(bobSocket, "join_group")).toMatchObject({ ok: true });
    });

    it("refuses the next message on node 1 right after a mute or ban made on node 0 is answered (issue #16)", async () => {
      const admin = await registered("Cache_Admin", true);
      const carol = await registered("Carol_Cache");
      const carolSocket = await connect(carol, 1);
      expect((await ack(carolSocket, "join_group")).ok).toBe(true);
      // Node 1 now holds Carol's standing in memory: neither banned nor muted.
      expect((await ack(carolSocket, "group_message", text("before the mute"))).ok).toBe(true);

      // No waiting for any event: the answer to the admin comes after every node dropped its copy.
      const muted = await post("/api/admin/mutes", { userId: carol.id, reason: "cache check" }, admin.cookie);
      expect(muted.status).toBe(200);
      expect(await ack(carolSocket, "group_message", text("right after the mute"))).toEqual({
        ok: false,
        error: { code: "forbidden", message: mutedMessage("cache check") },
      });
      const lifted = await fetch(`${nodeUrl(0)}/api/admin/mutes/${carol.id}`, {
        method: "DELETE",
        headers: { origin: ORIGIN, cookie: admin.cookie },
      });
      expect(await lifted.json()).toEqual({ removed: true });
      expect((await ack(carolSocket, "group_message", text("right after the unmute"))).ok).toBe(true);

      expect((await post("/api/admin/bans", { userId: carol.id }, admin.cookie)).status).toBe(200);
      expect(await ack(carolSocket, "group_message", text("right after the ban"))).toEqual({
        ok: false,
        error: { code: "forbidden", message: GROUP_CHAT_MESSAGES.banned },
      });
    });

    it("takes every socket of a banned browser out of the room on the other node at once", async () => {
      const admin = await registered("Dev_Node_Admin", true);
      const alice = await registered("Alice_Dev_Node");
      const troll = await registered("Troll_Node");
      // A second account signed in in the troll's browser (same device id cookie).
      const twinAccount = await registered("Twin_Node");
      const browser = troll.cookie.split(`${DEVICE_COOKIE}=`)[1] ?? "";
      const twin = {
        ...twinAccount,
        cookie: `${twinAccount.cookie.split(";")[0]}; ${DEVICE_COOKIE}=${browser}`,
      };
      const adminSocket = await connect(admin, 0);
      const aliceSocket = await connect(alice, 0);
      const trollSocket = await connect(troll, 1);
      const twinSocket = await connect(twin, 1);
      for (const socket of [adminSocket, aliceSocket, trollSocket, twinSocket])
        expect((await ack(socket, "join_group")).ok).toBe(true);

      const twinTold = nextEvent(twinSocket, "user_banned", () => true, 10_000);
      expect((await post("/api/admin/bans", { userId: troll.id }, admin.cookie)).status).toBe(200);
      expect(await twinTold).toEqual({ username: "Twin_Node", userId: twin.id, bannedBy: "Dev_Node_Admin" });

      // Messages from node 0 no longer reach that browser on node 1.
      const heard: string[] = [];
      const listen = (message: { id: string }) => heard.push(message.id);
      trollSocket.on("group_message", listen);
      twinSocket.on("group_message", listen);
      const said = text("after the ban, across nodes");
      const atAdmin = nextEvent(adminSocket, "group_message", (m) => m.id === said.id, 10_000);
      expect((await ack(aliceSocket, "group_message", said)).ok).toBe(true);
      await atAdmin;
      const marker = text("marker across nodes");
      const markerAtAdmin = nextEvent(adminSocket, "group_message", (m) => m.id === marker.id, 10_000);
      expect((await ack(aliceSocket, "group_message", marker)).ok).toBe(true);
      await markerAtAdmin;
      trollSocket.off("group_message", listen);
      twinSocket.off("group_message", listen);
      expect(heard).toEqual([]);
      const banned = { ok: false, error: { code: "forbidden", message: GROUP_CHAT_MESSAGES.banned } };
      expect(await ack(twinSocket, "join_group")).toEqual(banned);
    });
  },
);

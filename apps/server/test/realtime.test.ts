import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COALESCE_MS } from "../src/features/presence/online-count";
import { delay, nextEvent, recordEvents } from "./helpers/socket-events";
import {
  type StartTestAppOptions,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
  type TestClient,
  waitForConnect,
} from "./helpers/test-app";

/** Sends what a hostile or buggy client could send, bypassing the typed contract. */
function emitRaw(socket: TestClient, event: string, ...args: unknown[]): void {
  (socket as unknown as { emit(name: string, ...rest: unknown[]): void }).emit(event, ...args);
}

describe("realtime: presence over a real Socket.IO connection", () => {
  let test: TestApp;
  const extraClients: TestClient[] = [];

  beforeAll(async () => {
    const options: StartTestAppOptions = {
      // The reconnect storm below opens 21 sockets from 127.0.0.1; the per-IP cap has its own test.
      env: { ALLOWED_ORIGINS: "https://friend.example", SOCKET_CONNECTIONS_PER_IP: "50" },
    };
    test = await startTestApp(options);
  });
  afterAll(async () => {
    await test.close();
  });
  afterEach(async () => {
    for (const socket of extraClients.splice(0)) socket.disconnect();
    // Let the disconnects reach the server so the next test starts from a known count.
    await expect.poll(() => test.app.io.of("/").sockets.size).toBe(0);
    await delay(300);
  });

  function serverSocket(client: TestClient) {
    const id = client.id;
    if (id === undefined) throw new Error("client is not connected");
    const socket = test.app.io.of("/").sockets.get(id);
    if (!socket) throw new Error(`no server socket ${id}`);
    return socket;
  }

  async function connect(options?: Parameters<TestApp["connect"]>[0]): Promise<TestClient> {
    const socket = await test.connect(options);
    extraClients.push(socket);
    return socket;
  }

  it("pushes online_users to everyone as visitors connect and disconnect", async () => {
    const first = await connect();
    expect(await nextEvent(first, "online_users", (count) => count === 1)).toBe(1);

    const secondPush = nextEvent(first, "online_users", (count) => count === 2);
    const second = test.client();
    extraClients.push(second);
    const pushToNewcomer = nextEvent(second, "online_users", (count) => count === 2);
    await waitForConnect(second);
    expect(await secondPush).toBe(2);
    expect(await pushToNewcomer).toBe(2);

    const afterLeave = nextEvent(first, "online_users", (count) => count === 1);
    second.disconnect();
    expect(await afterLeave).toBe(1);

    const response = await test.app.inject({ method: "GET", url: "/api/online-count" });
    expect(response.json()).toEqual({ count: 1 });
  });

  it("answers request_online_users with the current count to the asking socket only", async () => {
    const asker = await connect();
    const other = await connect();
    await delay(400);
    const otherEvents = recordEvents(other, "online_users");
    const answer = nextEvent(asker, "online_users");
    asker.emit("request_online_users");
    expect(await answer).toBe(2);
    await delay(200);
    otherEvents.stop();
    expect(otherEvents.payloads).toEqual([]);
  });

  it("coalesces a reconnect storm into a few pushes instead of one per connection", async () => {
    const observer = await connect();
    await nextEvent(observer, "online_users", (count) => count === 1);
    const pushes = recordEvents(observer, "online_users");

    const stormStarted = Date.now();
    await Promise.all(Array.from({ length: 20 }, () => connect()));
    await expect.poll(() => pushes.payloads.at(-1), { timeout: 15_000 }).toBe(21);
    const stormMs = Date.now() - stormStarted;
    // A push carries a count other than the last one pushed, so none follows 21 while nobody moves.
    pushes.stop();

    expect(pushes.payloads.at(-1)).toBe(21);
    // At most one push per coalescing window: four at most for a storm inside a second, and no more than
    // one a window when a loaded machine spreads the 20 connects over more of them.
    const windows = Math.ceil(stormMs / DEFAULT_COALESCE_MS);
    expect(pushes.payloads.length).toBeLessThanOrEqual(Math.max(4, windows + 1));
  });

  it("acknowledges ping with the server time", async () => {
    const socket = await connect();
    const before = Date.now();
    const result = await socket.timeout(2_000).emitWithAck("ping");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.time).toBeGreaterThanOrEqual(before - 1);
    expect(result.data.time).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("binds a server-issued visitor identity and ignores the handshake's claims", async () => {
    const socket = await connect({
      auth: { userId: "admin-user-id-123456789", username: "root", isAdmin: true },
    });
    const data = serverSocket(socket).data;
    expect(data.userId).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(data.userId).not.toBe("admin-user-id-123456789");
    expect(data.isVisitor).toBe(true);
    expect(data.route).toBe("/");

    const another = await connect();
    expect(serverSocket(another).data.userId).not.toBe(data.userId);
  });

  it("stores a valid update_route and drops bad ones without dropping the socket", async () => {
    const socket = await connect();
    socket.emit("update_route", "/group-chat/dm/abc");
    await expect.poll(() => serverSocket(socket).data.route).toBe("/group-chat/dm/abc");

    emitRaw(socket, "update_route", 42);
    emitRaw(socket, "update_route", { path: "/evil" });
    emitRaw(socket, "update_route", `/${"a".repeat(10_000)}`);
    emitRaw(socket, "update_route", "javascript:alert(1)");
    emitRaw(socket, "update_online_status", { username: 5 });
    emitRaw(socket, "update_online_status", null);
    emitRaw(socket, "status:update", "sleeping");
    socket.emit("status:update", "away");
    socket.emit("update_online_status", {
      username: "visitor",
      isOnline: true,
      isAway: false,
      lastActive: 1,
    });

    const pong = await socket.timeout(2_000).emitWithAck("ping");
    expect(pong.ok).toBe(true);
    expect(socket.connected).toBe(true);
    expect(serverSocket(socket).data.route).toBe("/group-chat/dm/abc");
  });

  it("closes only the connection that sends more than 64 KiB; others keep working", async () => {
    const bystander = await connect();
    const flooder = await connect();
    const closed = new Promise<string>((resolve) => flooder.once("disconnect", resolve));
    emitRaw(flooder, "update_route", `/${"b".repeat(70 * 1024)}`);
    expect(await closed).toMatch(/transport (close|error)/);

    const pong = await bystander.timeout(2_000).emitWithAck("ping");
    expect(pong.ok).toBe(true);
    const health = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
  });

  it.each([["websocket"], ["polling"]])("refuses a browser from a foreign origin (%s)", async (transport) => {
    const refused = test.client({
      transports: [transport],
      extraHeaders: { origin: "https://evil.example" },
    });
    await expect(connectOnce(refused)).rejects.toThrow();
    expect(refused.connected).toBe(false);

    for (const origin of [TEST_PUBLIC_URL, "https://friend.example"]) {
      const allowed = await connect({ transports: [transport], extraHeaders: { origin } });
      expect(allowed.connected).toBe(true);
    }
    const withoutOrigin = await connect({ transports: [transport] });
    expect(withoutOrigin.connected).toBe(true);
  });

  it("accepts a page served by this very host even when PUBLIC_URL names another port", async () => {
    const sameHost = await connect({ transports: ["websocket"], extraHeaders: { origin: test.url } });
    expect(sameHost.connected).toBe(true);
    const otherPort = test.client({
      transports: ["websocket"],
      extraHeaders: { origin: test.url.replace(/:\d+$/, ":1") },
    });
    await expect(connectOnce(otherPort)).rejects.toThrow();
  });

  function connectOnce(socket: TestClient): Promise<void> {
    extraClients.push(socket);
    return new Promise((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", (error) => reject(error));
      socket.connect();
    });
  }
});

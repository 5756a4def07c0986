import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestSocketServer, type TestSocketServer } from "../test/socket-server";
import {
  type AppSocket,
  bindServerSession,
  bindSocketStatus,
  connectSocket,
  createAppSocket,
  onReconnectRefresh,
  useServerSessionStore,
  useSocketStatusStore,
  VISITOR_TOKEN_KEY,
} from "./socket";

let server: TestSocketServer;
let unbind: (() => void) | undefined;

beforeEach(async () => {
  server = await startTestSocketServer();
});

afterEach(async () => {
  unbind?.();
  unbind = undefined;
  await server.close();
});

const status = () => useSocketStatusStore.getState();

describe("createAppSocket", () => {
  it("uses the random-chat reconnect policy of spec §9 and the product's transport settings", async () => {
    const socket = await createAppSocket({ url: server.url });
    const options = socket.io.opts;
    expect(options.path).toBe("/socket.io");
    expect(options.transports).toEqual(["websocket", "polling"]);
    expect(options.withCredentials).toBe(true);
    expect(socket.io.reconnectionDelay()).toBe(500);
    expect(socket.io.reconnectionDelayMax()).toBe(3000);
    expect(socket.io.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
    expect(socket.io.timeout()).toBe(20_000);
    expect(socket.connected).toBe(false);
    socket.close();
  });
});

describe("bindSocketStatus", () => {
  it("records the connection, its transport and a ping round-trip", async () => {
    const socket: AppSocket = await server.createClient();
    unbind = bindSocketStatus(socket);
    expect(status().isConnected).toBe(false);
    connectSocket(socket);

    await expect.poll(() => status().isConnected).toBe(true);
    expect(status().socketId).toBe(socket.id);
    expect(status().transport).toBe("websocket");
    await expect.poll(() => status().lastPingMs).toBeTypeOf("number");
    expect(server.received.filter((entry) => entry.event === "ping").length).toBeGreaterThanOrEqual(1);
  });

  it("clears the connection on disconnect and counts reconnect attempts", async () => {
    const socket = await server.createClient();
    unbind = bindSocketStatus(socket);
    connectSocket(socket);
    await expect.poll(() => status().isConnected).toBe(true);

    // The server going away (not a deliberate kick) makes the client retry without limit.
    server.goOffline();
    await expect.poll(() => status().isConnected).toBe(false);
    expect(status().socketId).toBeNull();
    await expect.poll(() => status().reconnectAttempts, { timeout: 8000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => status().lastError, { timeout: 8000 }).not.toBeNull();
    socket.disconnect();
  });

  it("removes its listeners and resets the status when unbound", async () => {
    const socket = await server.createClient();
    const stop = bindSocketStatus(socket);
    connectSocket(socket);
    await expect.poll(() => status().isConnected).toBe(true);
    stop();
    expect(status().isConnected).toBe(false);
    expect(socket.listeners("connect")).toHaveLength(0);
    expect(socket.listeners("disconnect")).toHaveLength(0);
    expect(socket.io.listeners("reconnect_attempt")).toHaveLength(0);
  });

  it("connectSocket does not open a second connection", async () => {
    const socket = await server.createClient();
    connectSocket(socket);
    connectSocket(socket);
    await expect.poll(() => socket.connected).toBe(true);
    connectSocket(socket);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.io.sockets.sockets.size).toBe(1);
  });
});

describe("visitor identity and the refresh after a reconnect", () => {
  it("presents the stored visitor token at the handshake and stores the one the server sends", async () => {
    localStorage.setItem(VISITOR_TOKEN_KEY, "old-id.signature");
    const handshakes: unknown[] = [];
    server.io.on("connection", (socket) => {
      handshakes.push(socket.handshake.auth);
      socket.emit("session", { userId: "v-1", isVisitor: true, visitorToken: "v-1.newsig" });
    });
    const socket = await server.createClient();
    const stop = bindServerSession(socket);
    connectSocket(socket);
    await expect.poll(() => localStorage.getItem(VISITOR_TOKEN_KEY)).toBe("v-1.newsig");
    expect(handshakes).toEqual([{ visitorToken: "old-id.signature" }]);
    expect(useServerSessionStore.getState().userId).toBe("v-1");
    stop();
    expect(socket.listeners("session")).toHaveLength(0);
  });

  it("sends no token when none is stored", async () => {
    const handshakes: unknown[] = [];
    server.io.on("connection", (socket) => handshakes.push(socket.handshake.auth));
    const socket = await server.createClient();
    connectSocket(socket);
    await expect.poll(() => handshakes.length).toBe(1);
    expect(handshakes[0]).toEqual({});
  });

  it("refreshes 2 s after a reconnect (spec §9), and not after the listener is removed", async () => {
    const socket = await server.createClient();
    connectSocket(socket);
    await expect.poll(() => socket.connected).toBe(true);
    const refreshedAt: number[] = [];
    const stop = onReconnectRefresh(socket, () => refreshedAt.push(Date.now()));
    socket.io.engine.close();
    await expect.poll(() => socket.connected, { timeout: 8000 }).toBe(false);
    await expect.poll(() => socket.connected, { timeout: 8000 }).toBe(true);
    const reconnectedAt = Date.now();
    expect(refreshedAt).toEqual([]);
    await expect.poll(() => refreshedAt.length, { timeout: 5000 }).toBe(1);
    expect((refreshedAt[0] ?? 0) - reconnectedAt).toBeGreaterThanOrEqual(1500);
    stop();
    expect(socket.io.listeners("reconnect")).toHaveLength(0);
    socket.disconnect();
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestSocketServer, type TestSocketServer } from "../test/socket-server";
import {
  type AppSocket,
  bindSocketStatus,
  connectSocket,
  createAppSocket,
  useSocketStatusStore,
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

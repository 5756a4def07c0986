import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AppSocket, SocketContext } from "../../../lib/socket";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { presenceKeys } from "./presence-keys";
import { useOnlineCount } from "./use-online-count";

let sockets: TestSocketServer;
let api: Server | undefined;

beforeEach(async () => {
  sockets = await startTestSocketServer();
});

afterEach(async () => {
  await sockets.close();
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  api = undefined;
});

/** A real HTTP API answering GET /api/online-count with the given status and body. */
async function startApi(status: number, body: string): Promise<string> {
  api = createServer((request, response) => {
    if (request.url !== "/api/online-count") return void response.writeHead(404).end();
    response.writeHead(status, { "Content-Type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => api?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
}

async function renderCount(baseUrl: string, given?: AppSocket) {
  const socket = given ?? (await sockets.createClient());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SocketContext value={socket}>{children}</SocketContext>
    </QueryClientProvider>
  );
  const view = renderHook(() => useOnlineCount({ baseUrl }), { wrapper });
  const hasFailed = () => client.getQueryState(presenceKeys.onlineCount())?.status === "error";
  return { ...view, hasFailed };
}

describe("useOnlineCount (spec §1 header count; issue #14: 500 only when unreachable)", () => {
  it("shows the API's count when it is positive", async () => {
    const { result } = await renderCount(await startApi(200, '{"count":37}'));
    await waitFor(() => expect(result.current.displayed).toBe(37));
    expect(result.current.real).toBe(37);
  });

  it("shows 500 for a live server's 0 (spec §1: the count falls back to 500 when it is zero)", async () => {
    const { result } = await renderCount(await startApi(200, '{"count":0}'));
    await waitFor(() => expect(result.current.real).toBe(0));
    expect(result.current.displayed).toBe(500);
  });

  it("shows 500 when the API is unreachable", async () => {
    const baseUrl = await startApi(200, '{"count":37}');
    await new Promise((resolve) => api?.close(resolve));
    api = undefined;
    const { result, hasFailed } = await renderCount(baseUrl);
    await waitFor(() => expect(hasFailed()).toBe(true));
    expect(result.current.real).toBeUndefined();
    expect(result.current.displayed).toBe(500);
  });

  it("shows 500 when the API answers an error", async () => {
    const { result, hasFailed } = await renderCount(
      await startApi(503, '{"error":{"code":"internal","message":"down"}}'),
    );
    await waitFor(() => expect(hasFailed()).toBe(true));
    expect(result.current.displayed).toBe(500);
  });

  it("follows online_users pushes (a number, or an array's length) and keeps the last count on disconnect", async () => {
    const socket = await sockets.createClient();
    const { result } = await renderCount(await startApi(200, '{"count":5}'), socket);
    await waitFor(() => expect(result.current.displayed).toBe(5));
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));

    sockets.io.emit("online_users", 42);
    await waitFor(() => expect(result.current.displayed).toBe(42));
    sockets.io.emit("online_users", [
      { userId: "u1", username: "ana" },
      { userId: "u2", username: "bo" },
    ]);
    await waitFor(() => expect(result.current.displayed).toBe(2));

    const disconnected = new Promise((resolve) => socket.once("disconnect", resolve));
    sockets.io.disconnectSockets();
    await disconnected;
    expect(result.current.real).toBe(2);
    expect(result.current.displayed).toBe(2);
  });

  it("keeps a pushed count over the answer of a read that began before the push", async () => {
    // The first read answers at once; the next (the read on connect) waits until the push has landed.
    let reads = 0;
    let answerHeldRead: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answerHeldRead = resolve;
    });
    api = createServer((_request, response) => {
      reads += 1;
      const answer = () => response.writeHead(200, { "Content-Type": "application/json" }).end('{"count":5}');
      if (reads === 1) answer();
      else void held.then(answer);
    });
    await new Promise<void>((resolve) => api?.listen(0, "127.0.0.1", resolve));
    const socket = await sockets.createClient();
    const { result } = await renderCount(`http://127.0.0.1:${(api.address() as AddressInfo).port}`, socket);
    await waitFor(() => expect(result.current.displayed).toBe(5));
    socket.connect();
    await waitFor(() => expect(reads).toBe(2));

    sockets.io.emit("online_users", 42);
    await waitFor(() => expect(result.current.displayed).toBe(42));
    answerHeldRead();
    // The held read's answer (5) arrives and is ignored; the next poll or push brings the next count.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(result.current.displayed).toBe(42);
  });
});

import type { GroupJoinData, GroupOnlineUser } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectSocket } from "../../../lib/socket";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { readGroupRoom } from "../state/apply-group-chat-event";
import { readInGroupFlag } from "../state/group-session-flag";
import { useGroupMembership } from "./use-group-membership";

const ME = { id: "rosa-0000000000000000000", username: "Rosa" };
const JOINED: GroupJoinData = {
  messages: [],
  hasMore: false,
  onlineUsers: [
    {
      userId: ME.id,
      username: "Rosa",
      gender: "female",
      profileImage: null,
      status: "online",
      isGuest: true,
    },
  ],
  peopleCounts: { online: 1, away: 0 },
  mutedUsers: [],
  mute: null,
};

let server: TestSocketServer;

beforeEach(async () => {
  server = await startTestSocketServer();
  server.io.on("connection", (socket) => {
    socket.on("join_group", (_payload, ack) => ack({ ok: true, data: JOINED }));
  });
  window.history.pushState({}, "", "/group-chat");
});

afterEach(async () => {
  await server.close();
  sessionStorage.clear();
  window.history.pushState({}, "", "/");
});

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const joins = () => server.received.filter((entry) => entry.event === "join_group").length;

describe("useGroupMembership (spec §4 Socket) over a real socket", () => {
  it("joins, sets the session flag, rejoins after the connection drops and comes back, and leaves on unmount", async () => {
    const client = new QueryClient();
    const socket = connectSocket(await server.createClient());
    const { unmount } = renderHook(() => useGroupMembership(socket, ME), { wrapper: wrapper(client) });
    await waitFor(() => expect(readGroupRoom(client).onlineUsers).toHaveLength(1));
    expect(readInGroupFlag()).toBe(true);
    expect(server.received.find((entry) => entry.event === "join_group")?.args).toEqual([
      { username: "Rosa", userId: ME.id },
    ]);

    // The transport closes: the online list empties, and the reconnect rejoins by itself.
    socket.io.engine.close();
    await waitFor(() => expect(joins()).toBe(2), { timeout: 15_000 });
    await waitFor(() => expect(readGroupRoom(client).onlineUsers).toHaveLength(1));

    unmount();
    await waitFor(() => expect(server.received.map((entry) => entry.event)).toContain("leave_group"));
    expect(readInGroupFlag()).toBe(false);
    expect(socket.io.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
  });

  it("applies the server's people deltas to the page shown, and drops a malformed one", async () => {
    const client = new QueryClient();
    const socket = connectSocket(await server.createClient());
    renderHook(() => useGroupMembership(socket, ME), { wrapper: wrapper(client) });
    await waitFor(() => expect(readGroupRoom(client).onlineUsers).toHaveLength(1));
    const [serverSocket] = await server.io.fetchSockets();
    if (!serverSocket) throw new Error("no server socket");
    const ann = {
      ...(JOINED.onlineUsers[0] as GroupOnlineUser),
      userId: "ann-000000000000000000000",
      username: "Ann",
    };
    // A payload the contract does not allow is dropped (zod), not applied.
    (serverSocket.emit as (event: string, payload: unknown) => void).call(serverSocket, "group_people", {
      counts: "many",
      upserts: [ann],
      removals: [],
    });
    serverSocket.emit("group_people", { counts: { online: 2, away: 0 }, upserts: [ann], removals: [] });
    await waitFor(() =>
      expect(readGroupRoom(client).onlineUsers.map((u) => u.username)).toEqual(["Ann", "Rosa"]),
    );
    expect(readGroupRoom(client).peopleCounts).toEqual({ online: 2, away: 0 });
  });

  it("a refused join for a ban is remembered, so the layout sends the user home", async () => {
    server.io.removeAllListeners("connection");
    server.io.on("connection", (socket) => {
      socket.on("join_group", (_payload, ack) =>
        ack({
          ok: false,
          error: { code: "forbidden", message: "You have been banned from the group chat." },
        }),
      );
    });
    const { useBanStore } = await import("../../moderation");
    const socket = connectSocket(await server.createClient());
    renderHook(() => useGroupMembership(socket, ME), { wrapper: wrapper(new QueryClient()) });
    await waitFor(() => expect(useBanStore.getState().banned[ME.id]).toBeDefined());
    expect(readInGroupFlag()).toBe(false);
  });
});

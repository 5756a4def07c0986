import { SOCIAL_PATHS } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { type AccountsHttpServer, startAccountsHttpServer } from "../../../test/accounts-http-server";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { dmKeys } from "../api/dm-keys";
import { dm, ME, SAM } from "../state/test-messages";
import { useThreadLifecycleStore } from "../state/thread-lifecycle-store";
import type { ThreadState } from "../state/thread-state";
import { useDmEvents } from "./use-dm-events";

let api: AccountsHttpServer;
let sockets: TestSocketServer;
let socket: AppSocket;

beforeEach(async () => {
  api = await startAccountsHttpServer();
  api.answer(`GET ${SOCIAL_PATHS.conversations}`, 200, {
    conversations: [],
    totalUnread: 0,
    nextCursor: null,
  });
  sockets = await startTestSocketServer();
  socket = await sockets.createClient();
});

afterEach(async () => {
  await sockets.close();
  await api.close();
});

function Host() {
  useDmEvents(socket, ME, true);
  return null;
}

function renderHost(queryClient: QueryClient) {
  const router = createMemoryRouter([{ path: "/group-chat/dm", element: <Host /> }], {
    initialEntries: ["/group-chat/dm"],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("useDmEvents", () => {
  it("a received message is stored once and acknowledged as delivered", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<ThreadState>(dmKeys.thread(SAM), {
      messages: [dm({ seq: 1 })],
      hasOlder: false,
    });
    renderHost(queryClient);
    socket.connect();
    await waitFor(() => expect(sockets.io.sockets.sockets.size).toBe(1));
    sockets.io.emit("direct_message", dm({ seq: 2 }));
    sockets.io.emit("direct_message", dm({ seq: 2 }));
    await waitFor(() =>
      expect(queryClient.getQueryData<ThreadState>(dmKeys.thread(SAM))?.messages.map((m) => m.seq)).toEqual([
        1, 2,
      ]),
    );
    await waitFor(() =>
      expect(
        sockets.received.filter((entry) => entry.event === "direct_message_delivered")[0]?.args[0],
      ).toEqual({
        partnerId: SAM,
        upToSeq: 2,
      }),
    );
  });

  it("after a reconnect a loaded thread catches up on what it missed after its last seq, then is live", async () => {
    useThreadLifecycleStore.setState({ threads: {} });
    api.answer(`GET ${SOCIAL_PATHS.conversationMessages(SAM)}`, 200, {
      messages: [dm({ seq: 3 }), dm({ seq: 4 })],
      hasMore: false,
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData<ThreadState>(dmKeys.thread(SAM), {
      messages: [dm({ seq: 1 }), dm({ seq: 2 })],
      hasOlder: false,
    });
    renderHost(queryClient);
    socket.connect();
    await waitFor(() => expect(socket.connected).toBe(true));
    const phases: string[] = [];
    const stopWatching = useThreadLifecycleStore.subscribe((state) => {
      const phase = state.threads[SAM]?.phase;
      if (phase && phases.at(-1) !== phase) phases.push(phase);
    });
    socket.io.engine.close();
    await waitFor(
      () =>
        expect(queryClient.getQueryData<ThreadState>(dmKeys.thread(SAM))?.messages.map((m) => m.seq)).toEqual(
          [1, 2, 3, 4],
        ),
      { timeout: 8_000 },
    );
    const asked = api.requests.filter((request) =>
      request.path.startsWith(SOCIAL_PATHS.conversationMessages(SAM)),
    );
    expect(asked.map((request) => new URL(request.path, "http://x").searchParams.get("after"))).toEqual([
      "2",
    ]);
    await waitFor(() => expect(phases.at(-1)).toBe("live"));
    stopWatching();
    expect(phases).toEqual(["reconnecting", "catching-up", "live"]);
  });
});

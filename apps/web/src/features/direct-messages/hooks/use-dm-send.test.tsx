import type { DirectMessage, SendDirectMessagePayload } from "@heartline/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { dmKeys } from "../api/dm-keys";
import { applyDmEvent } from "../state/apply-dm-event";
import { useDmOutboxStore } from "../state/outbox";
import { CONVERSATION_ID, dm, ME, SAM } from "../state/test-messages";
import type { ThreadState } from "../state/thread-state";
import { useDmSend } from "./use-dm-send";

let server: TestSocketServer;
let socket: AppSocket;
let queryClient: QueryClient;
/** How the fake server answers the next `direct_message`: stored, or refused with a reason. */
let answer: "ok" | "blocked" = "ok";
let seq = 10;

function stored(payload: SendDirectMessagePayload): DirectMessage {
  seq += 1;
  return {
    id: payload.id,
    conversationId: CONVERSATION_ID,
    seq,
    senderId: ME,
    receiverId: payload.receiverId,
    content: payload.content,
    type: payload.type ?? "text",
    status: "sent",
    timestamp: Date.now(),
  };
}

beforeEach(async () => {
  answer = "ok";
  useDmOutboxStore.setState({ entries: [] });
  server = await startTestSocketServer();
  server.io.on("connection", (client) => {
    client.on("direct_message", (payload, ack) => {
      if (answer === "blocked") {
        ack({ ok: false, error: { code: "forbidden", message: "You can't send messages to this user." } });
        return;
      }
      const message = stored(payload);
      // The push reaches the sender's room before the ack (the order the server may choose).
      client.emit("direct_message", message);
      ack({ ok: true, data: message });
    });
  });
  socket = await server.createClient();
  socket.connect();
  await waitFor(() => expect(socket.connected).toBe(true));
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<ThreadState>(dmKeys.thread(SAM), { messages: [dm({ seq: 1 })], hasOlder: false });
  // What useDmEvents does with a push (here without the layout).
  socket.on("direct_message", (message) => {
    applyDmEvent(queryClient, { type: "messages", partnerId: SAM, messages: [message] });
    useDmOutboxStore.getState().remove(message.id);
  });
});

afterEach(async () => {
  await server.close();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const thread = () => queryClient.getQueryData<ThreadState>(dmKeys.thread(SAM));
const sentIds = () =>
  server.received
    .filter((entry) => entry.event === "direct_message")
    .map((entry) => (entry.args[0] as { id: string }).id);

describe("useDmSend", () => {
  it("shows a send as pending, then as the stored message once — the ack and the push of it are one row", async () => {
    const { result } = renderHook(() => useDmSend(socket, SAM), { wrapper });
    act(() => {
      void result.current.send({ content: "hello Sam" });
    });
    const [pending] = useDmOutboxStore.getState().entries;
    expect(pending).toMatchObject({ status: "pending", content: "hello Sam", partnerId: SAM });
    await waitFor(() => expect(useDmOutboxStore.getState().entries).toEqual([]));
    await waitFor(() =>
      expect(thread()?.messages.map((message) => message.content)).toEqual(["message 1", "hello Sam"]),
    );
    expect(thread()?.messages.filter((message) => message.id === pending?.id)).toHaveLength(1);
    expect(sentIds()).toEqual([pending?.id]);
  });

  it("a refused send fails with the server's reason; Retry sends the same id again and then it is sent", async () => {
    answer = "blocked";
    const { result } = renderHook(() => useDmSend(socket, SAM), { wrapper });
    act(() => {
      void result.current.send({ content: "are you there?", replyTo: dm({ seq: 1 }) });
    });
    await waitFor(() =>
      expect(useDmOutboxStore.getState().entries[0]).toMatchObject({
        status: "failed",
        error: "You can't send messages to this user.",
      }),
    );
    const id = useDmOutboxStore.getState().entries[0]?.id;
    answer = "ok";
    act(() => result.current.retry(id ?? ""));
    expect(useDmOutboxStore.getState().entries[0]).toMatchObject({ id, status: "pending" });
    await waitFor(() => expect(useDmOutboxStore.getState().entries).toEqual([]));
    expect(sentIds()).toEqual([id, id]);
    const payloads = server.received.filter((entry) => entry.event === "direct_message");
    expect(payloads[1]?.args[0]).toMatchObject({
      id,
      receiverId: SAM,
      content: "are you there?",
      replyToId: dm({ seq: 1 }).id,
    });
    expect(thread()?.messages.at(-1)).toMatchObject({ id, content: "are you there?" });
  });

  it("announces typing to the partner only when it changes", async () => {
    const { result } = renderHook(() => useDmSend(socket, SAM), { wrapper });
    act(() => {
      result.current.setTyping(true);
      result.current.setTyping(true);
      result.current.setTyping(false);
    });
    await waitFor(() =>
      expect(
        server.received
          .filter((entry) => entry.event === "direct_message_typing")
          .map((entry) => entry.args[0]),
      ).toEqual([
        { receiverId: SAM, isTyping: true },
        { receiverId: SAM, isTyping: false },
      ]),
    );
  });
});

import { AUTOMOD_BLOCKED_CODE, type GroupMessageAck } from "@heartline/shared";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppSocket } from "../../../lib/socket";
import { startTestSocketServer, type TestSocketServer } from "../../../test/socket-server";
import { sendWithAck } from "../api/send-with-ack";
import { createOutboxStore, type OutboxEntry } from "../state/outbox";
import { useOutboxSend } from "./use-outbox-send";

type Entry = OutboxEntry<"text">;

let server: TestSocketServer;
let socket: AppSocket;
/** How the fake server answers the next `group_message`. */
let answer: "stored" | "internal" | "automod" | "silent" = "stored";

beforeEach(async () => {
  answer = "stored";
  server = await startTestSocketServer();
  server.io.on("connection", (client) => {
    client.on("group_message", (payload, ack) => {
      if (answer === "silent") return;
      if (answer === "internal") return ack({ ok: false, error: { code: "internal", message: "boom" } });
      if (answer === "automod") {
        return ack({ ok: false, error: { code: AUTOMOD_BLOCKED_CODE, message: "Blocked: insults." } });
      }
      ack({ ok: true, data: { id: payload.id, seq: 7, timestamp: 1_000, content: payload.content } });
    });
  });
  socket = await server.createClient();
  socket.connect();
  await waitFor(() => expect(socket.connected).toBe(true));
});

afterEach(async () => {
  await server.close();
});

function renderSend(timeoutMs = 20_000) {
  const outbox = createOutboxStore<Entry>();
  const stored: string[] = [];
  const refused: (string | null)[] = [];
  const { result } = renderHook(() =>
    useOutboxSend<Entry, GroupMessageAck>({
      socket,
      outbox,
      emit: (live, entry) =>
        sendWithAck(live, "group_message", { id: entry.id, content: entry.content, type: "text" }, timeoutMs),
      onStored: (entry, ack) => stored.push(`${entry.content}#${ack.seq}`),
      onRefused: (refusal) => refused.push(refusal?.code ?? null),
      fallbackError: "Failed to save message. Please try again.",
    }),
  );
  return { result, outbox, stored, refused };
}

describe("the chats' send", () => {
  it("keeps a send pending until its ack, then hands the stored copy over and empties the outbox", async () => {
    const { result, outbox, stored } = renderSend();
    let isStored: Promise<boolean> = Promise.resolve(false);
    act(() => {
      isStored = result.current.send({ content: "hello", type: "text" });
    });
    expect(outbox.getState().entries).toMatchObject([{ content: "hello", status: "pending" }]);
    await expect(isStored).resolves.toBe(true);
    expect(stored).toEqual(["hello#7"]);
    expect(outbox.getState().entries).toEqual([]);
  });

  it("a refusal without a reason of its own fails with the chat's text; Retry sends the same id", async () => {
    answer = "internal";
    const { result, outbox, refused } = renderSend();
    await act(() => result.current.send({ content: "again?", type: "text" }));
    const [failed] = outbox.getState().entries;
    expect(failed).toMatchObject({ status: "failed", error: "Failed to save message. Please try again." });
    expect(refused).toEqual(["internal"]);
    answer = "stored";
    act(() => result.current.retry(failed?.id ?? ""));
    expect(outbox.getState().entries[0]).toMatchObject({ id: failed?.id, status: "pending" });
    await waitFor(() => expect(outbox.getState().entries).toEqual([]));
    const ids = server.received
      .filter((entry) => entry.event === "group_message")
      .map((entry) => (entry.args[0] as { id: string }).id);
    expect(ids).toEqual([failed?.id, failed?.id]);
  });

  it("AutoMod's refusal shows its rule and can be reviewed, not retried", async () => {
    answer = "automod";
    const { result, outbox } = renderSend();
    await act(() => result.current.send({ content: "rude", type: "text" }));
    expect(outbox.getState().entries[0]).toMatchObject({
      status: "failed",
      error: "Blocked: insults.",
      isReviewable: true,
    });
  });

  it("an ack that never comes fails the send once socket.io's timeout passes", async () => {
    answer = "silent";
    const { result, outbox, refused } = renderSend(300);
    await act(() => result.current.send({ content: "anyone?", type: "text" }));
    expect(outbox.getState().entries[0]).toMatchObject({
      status: "failed",
      error: "Failed to save message. Please try again.",
    });
    expect(refused).toEqual([null]);
  });
});

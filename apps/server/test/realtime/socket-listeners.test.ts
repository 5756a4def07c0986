import type { GroupJoinData } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asPerson, createGuest, emitWithAck } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Issue #16, bench B4: a socket's events go to the features' shared listener tables through one
 * middleware; its emitter holds the reserved events only, not a dictionary of every client event.
 */
describe("realtime: one dispatcher per socket instead of a listener per event", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const serverSocketOf = (id: string | undefined) => {
    const socket = id ? test.app.io.sockets.sockets.get(id) : undefined;
    if (!socket) throw new Error(`no server socket ${id}`);
    return socket;
  };

  it("registers no client event on a socket's emitter, and its events still reach the features", async () => {
    const person = await createGuest(test.app, "Dispatch_1");
    const client = await test.connect(asPerson(person));
    const server = serverSocketOf(client.id);
    // Socket.IO's own no-op `error` listener, and the two reserved events the tables listen to.
    expect(server.eventNames().sort()).toEqual(["disconnect", "disconnecting", "error"]);

    const joined = await emitWithAck<GroupJoinData>(client, "join_group", {});
    expect(joined.ok).toBe(true);
    expect(server.rooms.has("group")).toBe(true);
  });

  it("runs the features' disconnect listeners once and then removes its own", async () => {
    const person = await createGuest(test.app, "Dispatch_2");
    const client = await test.connect(asPerson(person));
    const server = serverSocketOf(client.id);
    expect((await emitWithAck<GroupJoinData>(client, "join_group", {})).ok).toBe(true);
    const closed = new Promise<void>((resolve) => server.once("disconnect", () => resolve()));

    client.disconnect();
    await closed;
    expect(server.eventNames()).toEqual(["error"]);
    // The group's presence heard the disconnect: the person is off the room's list.
    const probe = await test.connect(asPerson(await createGuest(test.app, "Dispatch_3")));
    const page = await emitWithAck<GroupJoinData>(probe, "join_group", {});
    if (!page.ok) throw new Error("join refused");
    expect(page.data.onlineUsers.map((entry) => entry.userId)).not.toContain(person.id);
  });

  it("answers an event no feature listens to with nothing, and keeps the socket", async () => {
    const client = await test.connect();
    const server = serverSocketOf(client.id);
    const untyped = client as unknown as { emit(event: string, payload: unknown): void };
    untyped.emit("no_such_event", { any: "thing" });
    // A known event afterwards is still dispatched on the same socket.
    const confirmed = await emitWithAck<unknown>(client, "confirm_adult", { accepted: true });
    expect(confirmed).toEqual({ ok: true });
    expect(server.connected).toBe(true);
  });
});

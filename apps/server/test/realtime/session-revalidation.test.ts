import { SERVER_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../../src/db/schema";
import { asPerson, createRegistered, emitWithAck, type TestPerson } from "../fixtures/group-fixtures";
import { nextEvent } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

const SESSION_ENDED = {
  ok: false,
  error: { code: "unauthorized", message: SERVER_MESSAGES.socketSessionEnded },
};

function disconnected(socket: TestClient): Promise<string> {
  return new Promise((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
}

describe("a socket whose session is revoked elsewhere loses its rights", () => {
  let test: TestApp;

  beforeAll(async () => {
    // The periodic re-check is an option of the feature: long here, so only events can notice.
    test = await startTestApp({ realtime: { sessionCheckIntervalMs: 3_600_000 } });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  /** Deletes the socket's session row, as an admin revocation or a reset elsewhere would. */
  async function revoke(socket: TestClient): Promise<void> {
    const serverSide = test.app.io.of("/").sockets.get(socket.id ?? "");
    const sessionId = serverSide?.data.sessionId;
    if (!sessionId) throw new Error("the socket has no session");
    await test.app.db.delete(session).where(eq(session.id, sessionId));
  }

  it("refuses the next privileged event (force_unban_user) of a revoked admin and disconnects", async () => {
    const admin: TestPerson = await createRegistered(test.app, "Revoked_Admin", { isAdmin: true });
    const socket = await test.connect(asPerson(admin));
    expect(await emitWithAck(socket, "force_unban_user", { username: "nobody", userId: "x" })).toEqual({
      ok: true,
      data: { unbanned: false },
    });

    await revoke(socket);
    const closed = disconnected(socket);
    const told = nextEvent(socket, "session_ended");
    expect(await emitWithAck(socket, "force_unban_user", { username: "nobody", userId: "x" })).toEqual(
      SESSION_ENDED,
    );
    expect(await told).toEqual({ message: SERVER_MESSAGES.socketSessionEnded });
    expect(await closed).toBe("io server disconnect");
  });

  it("refuses join_group of a user whose session is gone; events that do not act as the user still work before", async () => {
    const member = await createRegistered(test.app, "Revoked_Member");
    const socket = await test.connect(asPerson(member));
    expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
    await revoke(socket);
    expect((await socket.timeout(2_000).emitWithAck("ping")).ok).toBe(true);
    const closed = disconnected(socket);
    expect(await emitWithAck(socket, "join_group")).toEqual(SESSION_ENDED);
    expect(await closed).toBe("io server disconnect");
  });
});

describe("the periodic session re-check", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ realtime: { sessionCheckIntervalMs: 200 } });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("disconnects an idle socket once its session is gone, and keeps one whose session lives", async () => {
    const gone = await createRegistered(test.app, "Idle_Revoked");
    const kept = await createRegistered(test.app, "Idle_Kept");
    const goneSocket = await test.connect(asPerson(gone));
    const keptSocket = await test.connect(asPerson(kept));
    const sessionId = test.app.io.of("/").sockets.get(goneSocket.id ?? "")?.data.sessionId;
    if (!sessionId) throw new Error("no session");

    const told = nextEvent(goneSocket, "session_ended");
    const closed = disconnected(goneSocket);
    await test.app.db.delete(session).where(eq(session.id, sessionId));
    expect(await told).toEqual({ message: SERVER_MESSAGES.socketSessionEnded });
    expect(await closed).toBe("io server disconnect");
    // Several intervals later the live session's socket is still there.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(keptSocket.connected).toBe(true);
  });
});

describe("handshakes carry no session cookie once identity is established", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("fetchSockets returns the user's socket without the Cookie header, still as that user", async () => {
    const person = await createRegistered(test.app, "Cookie_Less");
    const socket = await test.connect(asPerson(person));
    const [remote] = await test.app.io.in(`user:${person.id}`).fetchSockets();
    expect(remote?.id).toBe(socket.id);
    expect(remote?.data.userId).toBe(person.id);
    expect(remote?.data.deviceId).toBe(person.deviceId);
    expect(remote?.handshake.headers.cookie).toBeUndefined();
    expect(JSON.stringify(remote?.handshake)).not.toContain(person.sessionCookie.split("=")[1] ?? "x");
  });
});

import { type AckResult, SERVER_MESSAGES } from "@heartline/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_EVENT_LIMITS } from "../../src/realtime/event-limits";
import { asPerson, createGuest, emitWithAck, type TestPerson } from "../fixtures/group-fixtures";
import { recordEvents } from "../helpers/socket-events";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

const RATE_LIMITED = {
  ok: false,
  error: { code: "rate_limited", message: SERVER_MESSAGES.socketEventRateLimited },
};

/** Emits with a callback even for events the contract sends without one, collecting the answers. */
function emitCollecting(socket: TestClient, event: string, payload: unknown, answers: unknown[]): void {
  (socket as unknown as { emit(name: string, ...rest: unknown[]): void }).emit(
    event,
    payload,
    (answer: unknown) => answers.push(answer),
  );
}

describe("socket event limits (one table, one socket.use middleware)", () => {
  let test: TestApp;
  let alice: TestPerson;
  let bob: TestPerson;
  let aliceSocket: TestClient;
  let bobSocket: TestClient;

  beforeAll(async () => {
    test = await startTestApp();
    alice = await createGuest(test.app, "Limit_Alice");
    bob = await createGuest(test.app, "Limit_Bob");
    bobSocket = await test.connect(asPerson(bob));
    expect((await emitWithAck(bobSocket, "join_group")).ok).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  async function freshAliceInGroup(): Promise<TestClient> {
    aliceSocket?.disconnect();
    const socket = await test.connect(asPerson(alice));
    expect((await emitWithAck(socket, "join_group")).ok).toBe(true);
    return socket;
  }

  it("cuts an alternating group_typing loop after its burst: refused with the exact text, nothing broadcast", async () => {
    aliceSocket = await freshAliceInGroup();
    const { capacity } = SOCKET_EVENT_LIMITS.group_typing.perSocket;
    const typing = recordEvents(bobSocket, "group_typing");
    // One burst, sent at once: the bucket refills a token a second, so a burst split by a wait on a
    // loaded machine would let one more through.
    const withinLimit: unknown[] = [];
    const overLimit: unknown[] = [];
    for (let index = 0; index < capacity + 6; index += 1) {
      const answers = index < capacity ? withinLimit : overLimit;
      emitCollecting(aliceSocket, "group_typing", { isTyping: index % 2 === 0 }, answers);
    }
    // Every accepted toggle changes the state, so each is broadcast.
    await expect.poll(() => typing.payloads.length).toBe(capacity);
    const broadcastWithinLimit = typing.payloads.length;
    expect(broadcastWithinLimit).toBeGreaterThan(0);
    await expect.poll(() => overLimit).toHaveLength(6);
    // Within the limit the event has no ack of its own: nothing is answered.
    expect(withinLimit).toEqual([]);
    expect(overLimit).toEqual(Array(6).fill(RATE_LIMITED));
    // A round trip on each socket: whatever the server sent Bob for Alice's events has arrived.
    expect((await emitWithAck(aliceSocket, "ping")).ok).toBe(true);
    expect((await emitWithAck(bobSocket, "ping")).ok).toBe(true);
    expect(typing.payloads).toHaveLength(broadcastWithinLimit);
    typing.stop();
  });

  it("cuts an online/away status:update loop after its burst; the room sees the last accepted status", async () => {
    aliceSocket = await freshAliceInGroup();
    const { capacity } = SOCKET_EVENT_LIMITS["status:update"].perSocket;
    // Status changes reach the room coalesced inside `group_people` (ADR 0009), so the room sees the
    // last accepted status, never one the limit refused.
    const people = recordEvents(bobSocket, "group_people");
    const aliceStatus = () =>
      people.payloads
        .flatMap((payload) => payload.upserts)
        .filter((person) => person.userId === alice.id)
        .at(-1)?.status;
    const statusAt = (index: number) => (index % 2 === 0 ? "away" : "online");
    const lastAccepted = statusAt(capacity - 1);
    const refused = lastAccepted === "away" ? "online" : "away";
    // One burst, sent at once (a wait between its parts would let the bucket refill a token).
    const withinLimit: unknown[] = [];
    const overLimit: unknown[] = [];
    for (let index = 0; index < capacity; index += 1)
      emitCollecting(aliceSocket, "status:update", statusAt(index), withinLimit);
    for (let index = 0; index < 4; index += 1)
      emitCollecting(aliceSocket, "status:update", refused, overLimit);
    await expect.poll(aliceStatus).toBe(lastAccepted);
    await expect.poll(() => overLimit).toHaveLength(4);
    expect(withinLimit).toEqual([]);
    expect(overLimit).toEqual(Array(4).fill(RATE_LIMITED));
    // The refused statuses were answered, so they are done: the server holds the last accepted one, and
    // nothing is left to push but it.
    const aliceOnServer = test.app.io.of("/").sockets.get(aliceSocket.id ?? "");
    expect(aliceOnServer?.data.group?.status).toBe(lastAccepted);
    // …and the room's last word on Alice is that status (a push still in its coalescing window included).
    await expect.poll(aliceStatus).toBe(lastAccepted);
    people.stop();
  });

  it.each([
    ["join_group", undefined],
    ["check_if_banned", {}],
  ] as const)(
    "cuts a %s loop after its burst with rate_limited and the exact text",
    async (event, payload) => {
      const socket = await test.connect(asPerson(bob));
      const { capacity } = SOCKET_EVENT_LIMITS[event].perSocket;
      const results: AckResult<unknown>[] = [];
      for (let index = 0; index < capacity + 2; index += 1) {
        results.push(
          payload === undefined
            ? await emitWithAck(socket, event)
            : await emitWithAck(socket, event, payload),
        );
      }
      expect(results.slice(0, capacity).every((result) => result.ok)).toBe(true);
      expect(results.slice(capacity)).toEqual([RATE_LIMITED, RATE_LIMITED]);
      socket.disconnect();
    },
  );
});

describe("socket event limits per user, across the user's sockets", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({
      realtime: {
        eventLimits: {
          check_if_banned: {
            perSocket: { capacity: 100, refillPerSecond: 1 },
            perUser: { points: 3, durationSeconds: 60 },
          },
        },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("counts every socket of one user together, and nobody else's", async () => {
    const carol = await createGuest(test.app, "Limit_Carol");
    const dave = await createGuest(test.app, "Limit_Dave");
    const [tab1, tab2] = [await test.connect(asPerson(carol)), await test.connect(asPerson(carol))];
    const other = await test.connect(asPerson(dave));
    if (!tab1 || !tab2) throw new Error("not connected");
    expect((await emitWithAck(tab1, "check_if_banned", {})).ok).toBe(true);
    expect((await emitWithAck(tab2, "check_if_banned", {})).ok).toBe(true);
    expect((await emitWithAck(tab1, "check_if_banned", {})).ok).toBe(true);
    expect(await emitWithAck(tab2, "check_if_banned", {})).toEqual(RATE_LIMITED);
    expect(await emitWithAck(tab1, "check_if_banned", {})).toEqual(RATE_LIMITED);
    expect((await emitWithAck(other, "check_if_banned", {})).ok).toBe(true);
  });
});

describe("SOCKET_EVENT_LIMIT_SCALE (load tests)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { SOCKET_EVENT_LIMIT_SCALE: "2" } });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  it("multiplies every limit, and the limit still holds beyond it", async () => {
    const erin = await createGuest(test.app, "Limit_Erin");
    const socket = await test.connect(asPerson(erin));
    const burst = SOCKET_EVENT_LIMITS.check_if_banned.perSocket.capacity * 2;
    for (let index = 0; index < burst; index += 1) {
      expect((await emitWithAck(socket, "check_if_banned", {})).ok).toBe(true);
    }
    expect(await emitWithAck(socket, "check_if_banned", {})).toEqual(RATE_LIMITED);
  });
});

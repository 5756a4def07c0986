import {
  type AckResult,
  API_ERROR_CODES,
  type ClientToServerEvents,
  confirmAdultSchema,
  directMessageDeliveredSchema,
  directMessageTypingSchema,
  emptyPayloadSchema,
  forceUnbanSchema,
  groupPeopleWindowSchema,
  groupTypingSchema,
  joinGroupSchema,
  joinRandomSchema,
  presenceStatusSchema,
  reportPartnerSchema,
  sendChatMessageSchema,
  sendDirectMessageSchema,
  sendGroupMessageSchema,
  typingSchema,
  updateOnlineStatusSchema,
  updateRouteSchema,
} from "@heartline/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_SOCKET_MESSAGE_BYTES } from "../../src/plugins/socket";
import { UNKNOWN_EVENT_ACK } from "../../src/realtime/socket-listeners";
import { asPerson, createGuest, createRegistered, emitWithAck } from "../fixtures/group-fixtures";
import { type ConnectOptions, startTestApp, type TestApp, type TestClient } from "../helpers/test-app";
import { roomyEventLimits } from "../realtime/event-limit-fixtures";
import { arbitraryFromSchema, HUGE_STRING, hostileValue, PROTOTYPE_KEYS_OBJECT } from "./hostile-arbitraries";
import { ODD_EVENT_NAMES, oddEventName, PROTOTYPE_NAMES, RESERVED_EVENT_NAMES } from "./hostile-event-names";
import { describeLag, expectNoFreeze, type LagReport, startLagMonitor } from "./lag-monitor";
import { writeCounts } from "./write-counts";

/**
 * Every client→server event of the contract, with the shared schema its payload is parsed with and
 * where its ack goes. `satisfies Record<keyof ClientToServerEvents, …>` makes this list complete: an
 * event added to the contract without an entry here fails the typecheck.
 * - `payload`: (payload, ack?) — the ack comes after the payload;
 * - `ack-only`: (ack) — the ack is the only argument;
 * - `none`: no ack.
 */
type AckPlace = "payload" | "ack-only" | "none";
const EVENTS = {
  request_online_users: { schema: z.undefined(), ack: "none" },
  update_route: { schema: updateRouteSchema, ack: "none" },
  ping: { schema: z.undefined(), ack: "ack-only" },
  update_online_status: { schema: updateOnlineStatusSchema, ack: "none" },
  "status:update": { schema: presenceStatusSchema, ack: "none" },
  join: { schema: joinRandomSchema, ack: "payload" },
  chat_message: { schema: sendChatMessageSchema, ack: "payload" },
  typing: { schema: typingSchema, ack: "none" },
  end_chat: { schema: emptyPayloadSchema, ack: "payload" },
  next: { schema: emptyPayloadSchema, ack: "payload" },
  switch_to_person: { schema: emptyPayloadSchema, ack: "payload" },
  report_partner: { schema: reportPartnerSchema, ack: "payload" },
  confirm_adult: { schema: confirmAdultSchema, ack: "payload" },
  line_status: { schema: z.undefined(), ack: "ack-only" },
  join_group: { schema: joinGroupSchema, ack: "payload" },
  leave_group: { schema: z.undefined(), ack: "ack-only" },
  group_message: { schema: sendGroupMessageSchema, ack: "payload" },
  group_typing: { schema: groupTypingSchema, ack: "none" },
  group_people_window: { schema: groupPeopleWindowSchema, ack: "payload" },
  check_if_banned: { schema: joinGroupSchema, ack: "payload" },
  force_unban_user: { schema: forceUnbanSchema, ack: "payload" },
  direct_message: { schema: sendDirectMessageSchema, ack: "payload" },
  direct_message_typing: { schema: directMessageTypingSchema, ack: "none" },
  direct_message_delivered: { schema: directMessageDeliveredSchema, ack: "none" },
  join_confession_wall: { schema: z.undefined(), ack: "ack-only" },
  leave_confession_wall: { schema: z.undefined(), ack: "ack-only" },
} as const satisfies Record<keyof ClientToServerEvents, { schema: z.ZodType; ack: AckPlace }>;
type EventName = keyof typeof EVENTS;
const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

/** Every refusal code of the catalogue except `internal` (a server fault is never a clean refusal). */
const REFUSAL_CODES = API_ERROR_CODES.filter((code) => code !== "internal");

const payloadArbs = Object.fromEntries(
  EVENT_NAMES.map((event) => [event, arbitraryFromSchema(EVENTS[event].schema)]),
) as Record<EventName, fc.Arbitrary<unknown>>;

type Mode = "ack" | "no-ack" | "extra-args" | "no-args";
const emissionArb = fc.constantFrom(...EVENT_NAMES).chain((event) =>
  fc.record({
    event: fc.constant(event),
    payload: payloadArbs[event],
    mode: fc.constantFrom<Mode>("ack", "ack", "no-ack", "extra-args", "no-args"),
    extra: fc.array(hostileValue, { minLength: 1, maxLength: 3 }),
  }),
);

type Role = "visitor" | "guest" | "registered" | "admin";
const ROLES: Role[] = ["visitor", "guest", "registered", "admin"];

/** The socket.io message an emit becomes, in bytes (what the server's 64 KB limit counts). */
function messageBytes(event: string, args: unknown[]): number {
  return Buffer.byteLength(JSON.stringify([event, ...args.filter((arg) => typeof arg !== "function")]));
}

function expectCleanAck(ack: unknown, context: string): asserts ack is AckResult<unknown> {
  expect(ack, context).toEqual(expect.objectContaining({ ok: expect.any(Boolean) }));
  const result = ack as AckResult<unknown>;
  if (result.ok) return;
  expect(result, context).toEqual({
    ok: false,
    error: { code: expect.any(String), message: expect.any(String) },
  });
  expect(REFUSAL_CODES, context).toContain(result.error.code);
  expect(result.error.message.length, context).toBeGreaterThan(0);
}

describe("socket fuzzing: every client event, every kind of person, hostile payloads", () => {
  let test: TestApp;
  const options = new Map<Role, ConnectOptions>();
  const sockets = new Map<Role, TestClient>();
  const lagReports: LagReport[] = [];

  beforeAll(async () => {
    // Fuzzing fires events faster than any person: the limits have their own suite.
    test = await startTestApp({
      // The scale reaches the limit of unknown event names too (5 at once), which has no override.
      env: { SOCKET_CONNECTIONS_PER_IP: "1000", SOCKET_EVENT_LIMIT_SCALE: "1000" },
      realtime: { eventLimits: roomyEventLimits() },
    });
    options.set("visitor", {});
    options.set("guest", asPerson(await createGuest(test.app, "Fuzz_Guest")));
    options.set("registered", asPerson(await createRegistered(test.app, "Fuzz_Member")));
    options.set("admin", asPerson(await createRegistered(test.app, "Fuzz_Admin", { isAdmin: true })));
    for (const role of ROLES) sockets.set(role, await test.connect(options.get(role)));
  }, 120_000);
  afterAll(async () => {
    for (const report of lagReports) console.info(`[fuzz-events] ${describeLag(report)}`);
    await test?.close();
  });

  async function socketOf(role: Role): Promise<TestClient> {
    const socket = sockets.get(role);
    if (socket?.connected) return socket;
    const fresh = await test.connect(options.get(role));
    sockets.set(role, fresh);
    return fresh;
  }

  async function expectAlive(role: Role): Promise<void> {
    const socket = await socketOf(role);
    const pong = (await socket.timeout(5_000).emitWithAck("ping")) as AckResult<{ time: number }>;
    expect(pong.ok, role).toBe(true);
  }

  it("answers every acked event with ok or a catalogue refusal, writes nothing when refusing, never stalls", async () => {
    const lateAckProblems: string[] = [];
    const disconnects: string[] = [];
    const monitor = startLagMonitor();
    let lag: LagReport | undefined;
    try {
      for (const role of ROLES) {
        await fc.assert(
          fc.asyncProperty(emissionArb, async ({ event, payload, mode, extra }) => {
            const socket = await socketOf(role);
            const raw = socket as unknown as {
              emit(name: string, ...args: unknown[]): void;
              timeout(ms: number): { emitWithAck(name: string, ...args: unknown[]): Promise<unknown> };
            };
            const place: AckPlace = EVENTS[event].ack;
            const context = `${role} ${event} ${mode} ${JSON.stringify(payload)?.slice(0, 300)}`;
            const args: unknown[] =
              mode === "no-args"
                ? []
                : mode === "extra-args"
                  ? [payload, ...extra]
                  : place === "ack-only" && mode === "ack"
                    ? []
                    : [payload];

            if (messageBytes(event, args) > MAX_SOCKET_MESSAGE_BYTES - 1_024) {
              // Over the transport limit: the server drops the connection (clean refusal), nothing else.
              const closed = new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));
              raw.emit(event, ...args);
              await closed;
              disconnects.push(context);
              return;
            }

            if (mode === "ack" && place !== "none") {
              expectCleanAck(await raw.timeout(5_000).emitWithAck(event, ...args), context);
              return;
            }
            // Fire and forget, or an ack in the wrong place: whatever arrives must still be clean.
            const lateAck = (result: unknown): void => {
              const valid =
                typeof result === "object" &&
                result !== null &&
                ((result as AckResult).ok === true ||
                  REFUSAL_CODES.includes((result as { error?: { code?: never } }).error?.code as never));
              if (!valid) lateAckProblems.push(`${context}: ${JSON.stringify(result)}`);
            };
            if (mode === "extra-args" && place !== "none") raw.emit(event, ...args, lateAck);
            else raw.emit(event, ...args);
          }),
          {
            numRuns: 300,
            examples: [
              [{ event: "group_message", payload: PROTOTYPE_KEYS_OBJECT, mode: "ack", extra: [null] }],
              [{ event: "join", payload: PROTOTYPE_KEYS_OBJECT, mode: "ack", extra: [null] }],
              [{ event: "force_unban_user", payload: { username: "\u0000" }, mode: "ack", extra: [null] }],
              [{ event: "report_partner", payload: [{ reason: "spam" }], mode: "ack", extra: [null] }],
              [
                {
                  event: "update_route",
                  payload: `/${"a/".repeat(99)}\u0000`,
                  mode: "no-ack",
                  extra: [null],
                },
              ],
            ],
          },
        );
        await expectAlive(role);
      }
    } finally {
      lag = monitor.stop();
      lagReports.push(lag);
    }

    expect(lateAckProblems).toEqual([]);
    for (const role of ROLES) await expectAlive(role);
    expect(Object.getPrototypeOf({}) === Object.prototype).toBe(true);
    expect((Object.prototype as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect((await test.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    // The explicit bound of the issue: no input freezes the server (the app runs in this process).
    expectNoFreeze(lag);
  }, 120_000);

  it("writes nothing for a refused event (every acked event, one at a time, every person)", async () => {
    const ackedEvents = EVENT_NAMES.filter((event) => EVENTS[event].ack === "payload");
    await writeCounts(test.app); // warm the query up before the lag is measured
    const monitor = startLagMonitor();
    let lag: LagReport | undefined;
    try {
      for (const role of ROLES) {
        await fc.assert(
          fc.asyncProperty(
            fc
              .constantFrom(...ackedEvents)
              .chain((event) => fc.tuple(fc.constant(event), payloadArbs[event])),
            async ([event, payload]) => {
              const socket = await socketOf(role);
              const args = [payload];
              if (messageBytes(event, args) > MAX_SOCKET_MESSAGE_BYTES - 1_024) return;
              const context = `${role} ${event} ${JSON.stringify(payload)?.slice(0, 300)}`;
              const before = await writeCounts(test.app);
              const ack = await (
                socket as unknown as {
                  timeout(ms: number): { emitWithAck(name: string, ...a: unknown[]): Promise<unknown> };
                }
              )
                .timeout(5_000)
                .emitWithAck(event, ...args);
              expectCleanAck(ack, context);
              if (!ack.ok) expect(await writeCounts(test.app), context).toEqual(before);
            },
          ),
          { numRuns: 100 },
        );
        await expectAlive(role);
      }
    } finally {
      lag = monitor.stop();
      lagReports.push(lag);
    }
    expectNoFreeze(lag);
  }, 120_000);

  it("answers every odd event name (Object.prototype's among them) from every person as unknown, and serves everyone after", async () => {
    const bystander = await test.connect(asPerson(await createGuest(test.app, "Fuzz_Bystander")));
    type NameMode = "ack" | "no-ack" | "getter-args";
    // Every listed name with an ack for every person; Object.prototype's also without one and with the
    // arguments `__defineGetter__`/`__defineSetter__` would take with the server's socket as `this`.
    const examples: [string | number, NameMode, unknown][] = [
      ...ODD_EVENT_NAMES.map((name): [string | number, NameMode, unknown] => [name, "ack", {}]),
      ...PROTOTYPE_NAMES.flatMap((name): [string | number, NameMode, unknown][] => [
        [name, "no-ack", undefined],
        [name, "getter-args", undefined],
      ]),
    ];
    for (const role of ROLES) {
      await fc.assert(
        fc.asyncProperty(
          oddEventName,
          fc.constantFrom<NameMode>("ack", "no-ack", "getter-args"),
          hostileValue,
          async (name, mode, payload) => {
            const socket = await socketOf(role);
            const raw = socket as unknown as {
              emit(name: string | number, ...args: unknown[]): void;
              timeout(ms: number): {
                emitWithAck(name: string | number, ...args: unknown[]): Promise<unknown>;
              };
            };
            const args = mode === "getter-args" ? ["connected", "data"] : [payload];
            if (messageBytes(String(name), args) > MAX_SOCKET_MESSAGE_BYTES - 1_024) return;
            const context = `${role} ${JSON.stringify(name).slice(0, 80)} ${mode}`;
            if (mode === "no-ack") raw.emit(name, ...args);
            else
              expect(await raw.timeout(5_000).emitWithAck(name, ...args), context).toEqual(UNKNOWN_EVENT_ACK);
          },
        ),
        { numRuns: 100, examples },
      );
      await expectAlive(role);
      expect(await emitWithAck(bystander, "check_if_banned", {}), role).toEqual({
        ok: true,
        data: { banned: false },
      });
      // `__defineGetter__` on the socket would have left an accessor on it: the socket has none.
      const server = test.app.io.sockets.sockets.get((await socketOf(role)).id ?? "");
      const accessors = Object.entries(Object.getOwnPropertyDescriptors(server ?? {}))
        .filter(([, descriptor]) => descriptor.get || descriptor.set)
        .map(([key]) => key);
      expect(accessors, role).toEqual([]);
    }

    // Socket.IO's reserved names, sent as a raw packet: the parser refuses it and closes that connection only.
    for (const name of RESERVED_EVENT_NAMES) {
      const socket = await test.connect();
      const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
      (socket as unknown as { packet(packet: object): void }).packet({ type: 2, data: [name, {}] });
      expect(await closed, name).toBe("transport close");
    }
    for (const role of ROLES) await expectAlive(role);
    expect((await emitWithAck(bystander, "ping")).ok).toBe(true);
  }, 120_000);

  it("drops a connection that sends more than the 64 KB message limit, and the server keeps serving", async () => {
    const socket = await socketOf("registered");
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    (socket as unknown as { emit(name: string, ...args: unknown[]): void }).emit("group_message", {
      id: "00000000-0000-4000-8000-000000000000",
      content: HUGE_STRING,
    });
    expect(await closed).toBe("transport close");
    await expectAlive("registered");
    for (const role of ROLES) await expectAlive(role);
  });
});

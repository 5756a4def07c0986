import { type AckResult, API_ERROR_MESSAGES } from "@heartline/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerAck, splitAckArgs } from "../../src/realtime/acks";
import {
  type SocketGuard,
  type SocketListener,
  type SocketListeners,
  socketListenerSet,
} from "../../src/realtime/socket-listeners";
import type { HeartlineSocket } from "../../src/realtime/types";
import { asPerson, createGuest, emitWithAck } from "../fixtures/group-fixtures";
import { startTestApp, type TestApp, type TestClient } from "../helpers/test-app";

/**
 * Issue #33: no throw in one event's handling ends the process. A listener table used only here is
 * attached to every socket of a real app through the real `socketListenerSet`, after the features' own:
 * its listeners throw, reject, or fail after their ack, as a bug in a feature would. The caller is
 * answered `internal`, the log has the stack, and other clients (and the caller) keep working. Node's
 * own hooks record what would have ended a production process (the test runner catches those itself).
 */

const INTERNAL_ACK = { ok: false, error: { code: "internal", message: API_ERROR_MESSAGES.internal } };

/** Event names no contract has: the failing table's own (a cast, since tables are typed by the contract). */
const EVENT = {
  throws: "test_throws",
  rejects: "test_rejects",
  failsAfterAck: "test_fails_after_ack",
  guarded: "test_guarded",
} as const;

function capturingLogger(lines: string[]): FastifyInstance {
  return Fastify({ logger: { level: "warn", stream: { write: (line: string) => lines.push(line) } } });
}

interface LogLine {
  msg: string;
  event?: string;
  userId?: string;
  err?: { message: string; stack: string };
}

describe("security: a throw in one event's handling never ends the process", () => {
  let test: TestApp;
  let sink: FastifyInstance;
  const lines: string[] = [];
  const fatal: unknown[] = [];
  const recordFatal = (error: unknown): void => {
    fatal.push(error);
  };
  /** Sockets whose later `disconnect` listener ran (after an earlier table's threw). */
  const cleanedUp = new Set<string>();
  let guardedRuns = 0;

  const failures = (): LogLine[] =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === "socket event failed");

  beforeAll(async () => {
    sink = capturingLogger(lines);
    test = await startTestApp({ logger: sink.log });
    process.on("uncaughtExceptionMonitor", recordFatal);
    process.on("unhandledRejection", recordFatal);

    const throws: SocketListener = () => {
      throw new Error("a listener threw");
    };
    const rejects: SocketListener = async () => {
      throw new Error("a listener rejected");
    };
    const failsAfterAck: SocketListener = function (this: HeartlineSocket, ...args: unknown[]) {
      const log = sink.log;
      answerAck(splitAckArgs(args).ack, async () => "done", {
        log,
        failure: "after-ack work failed",
        afterAck: () => {
          throw new Error("after the ack");
        },
      });
    };
    const failing = {
      [EVENT.throws]: throws,
      [EVENT.rejects]: rejects,
      [EVENT.failsAfterAck]: failsAfterAck,
      disconnecting: throws,
      disconnect: rejects,
    } as unknown as SocketListeners;
    const guardThrows: SocketGuard = (_socket, packet, next) => {
      if (packet[0] === EVENT.guarded) throw new Error("a guard threw");
      next();
    };
    const guarded = socketListenerSet(
      {
        [EVENT.guarded]: () => {
          guardedRuns++;
        },
      } as unknown as SocketListeners,
      { guard: guardThrows },
    );
    const failingSet = socketListenerSet(failing);
    const cleanup = socketListenerSet({
      disconnect(this: HeartlineSocket) {
        cleanedUp.add(this.id);
      },
    });
    test.app.io.on("connection", (socket) => {
      failingSet.attach(socket);
      guarded.attach(socket);
      cleanup.attach(socket);
    });
  }, 120_000);
  afterAll(async () => {
    process.off("uncaughtExceptionMonitor", recordFatal);
    process.off("unhandledRejection", recordFatal);
    await test?.close();
  });

  /** A bystander who is signed in and in the group room: a real query and a real broadcast still work. */
  async function expectOthersServed(bystander: TestClient): Promise<void> {
    expect(((await emitWithAck(bystander, "ping")) as AckResult).ok).toBe(true);
    expect(await emitWithAck(bystander, "check_if_banned", {})).toEqual({
      ok: true,
      data: { banned: false },
    });
  }

  it("answers a listener's synchronous throw with internal and logs its stack; everyone keeps going", async () => {
    const bystander = await test.connect(asPerson(await createGuest(test.app, "Bystander_1")));
    const caller = await test.connect();

    expect(await emitWithAck(caller, EVENT.throws, { any: "thing" })).toEqual(INTERNAL_ACK);
    // Without an ack the throw is only logged, and the socket stays.
    (caller as unknown as { emit(event: string): void }).emit(EVENT.throws);

    expect(((await emitWithAck(caller, "ping")) as AckResult).ok).toBe(true);
    await expectOthersServed(bystander);
    const logged = failures().filter((line) => line.event === EVENT.throws);
    expect(logged).toHaveLength(2);
    expect(logged[0]?.err?.message).toBe("a listener threw");
    expect(logged[0]?.err?.stack).toContain("handler-failures.test.ts");
    expect(logged[0]?.userId).toEqual(expect.any(String));
    expect(fatal).toEqual([]);
  });

  it("answers a listener's rejected promise with internal: no unhandled rejection", async () => {
    const bystander = await test.connect(asPerson(await createGuest(test.app, "Bystander_2")));
    const caller = await test.connect(asPerson(await createGuest(test.app, "Caller_2")));

    expect(await emitWithAck(caller, EVENT.rejects, {})).toEqual(INTERNAL_ACK);
    await expectOthersServed(bystander);
    expect(failures().find((line) => line.event === EVENT.rejects)?.err?.message).toBe("a listener rejected");
    expect(fatal).toEqual([]);
  });

  it("logs a throw after a successful ack instead of leaving a rejection unhandled", async () => {
    const caller = await test.connect();
    expect(await emitWithAck(caller, EVENT.failsAfterAck, {})).toEqual({ ok: true, data: "done" });
    const lineOf = () => lines.find((line) => line.includes("after-ack work failed"));
    for (let tries = 0; tries < 100 && !lineOf(); tries++) await emitWithAck(caller, "ping");
    expect(JSON.parse(lineOf() ?? "{}")).toMatchObject({ err: { message: "after the ack" } });
    expect(fatal).toEqual([]);
  });

  it("answers a guard's throw with internal, and the guarded listener never runs", async () => {
    const caller = await test.connect();
    expect(await emitWithAck(caller, EVENT.guarded, {})).toEqual(INTERNAL_ACK);
    expect(((await emitWithAck(caller, "ping")) as AckResult).ok).toBe(true);
    expect(guardedRuns).toBe(0);
    expect(failures().find((line) => line.event === EVENT.guarded)?.err?.message).toBe("a guard threw");
    expect(fatal).toEqual([]);
  });

  it("survives throwing disconnecting and disconnect listeners, and runs the later tables' clean-up", async () => {
    const bystander = await test.connect(asPerson(await createGuest(test.app, "Bystander_3")));
    const leaver = await test.connect(asPerson(await createGuest(test.app, "Leaver_1")));
    const id = leaver.id ?? "";
    leaver.disconnect();
    for (let tries = 0; tries < 100 && !cleanedUp.has(id); tries++) await emitWithAck(bystander, "ping");
    expect(cleanedUp.has(id)).toBe(true);
    const reserved = failures().filter(
      (line) => line.event === "disconnecting" || line.event === "disconnect",
    );
    expect(reserved.map((line) => [line.event, line.err?.message])).toEqual(
      expect.arrayContaining([
        ["disconnecting", "a listener threw"],
        ["disconnect", "a listener rejected"],
      ]),
    );
    await expectOthersServed(bystander);
    expect(fatal).toEqual([]);
  });
});

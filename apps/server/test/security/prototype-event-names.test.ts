import type { AckResult } from "@heartline/shared";
import { io as connectClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_EVENT_ACK } from "../../src/realtime/socket-listeners";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";

/**
 * Issue #33 (critical): an anonymous visitor's event named `__proto__` ended the whole process
 * (`TypeError: table[event]?.apply is not a function`), and `__defineGetter__` ran Object.prototype's
 * method on the server's socket. Here against a real `main.ts` process, as production runs it, so a
 * crash is the process exiting and not an error the test runner catches.
 */
type RawClient = Socket & {
  emit(event: string, ...args: unknown[]): RawClient;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
};

function connect(url: string): Promise<RawClient> {
  const socket = connectClient(url, { transports: ["websocket"], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket as RawClient));
    socket.once("connect_error", reject);
  });
}

async function ping(socket: RawClient): Promise<unknown> {
  return socket.timeout(5_000).emitWithAck("ping");
}

describe("security: events named after Object.prototype's properties, against a real server process", () => {
  let node: ServerProcess;
  const clients: RawClient[] = [];

  beforeAll(async () => {
    // The unknown-event limit (5 at once) would answer most of them `rate_limited`; its own suite tests it.
    node = await startServerProcess({ SOCKET_EVENT_LIMIT_SCALE: "1000" }, 150_000);
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await node?.stop();
  });

  it("answers every prototype name from a visitor as an unknown event, and keeps serving everyone", async () => {
    const bystander = await connect(node.url);
    const attacker = await connect(node.url);
    clients.push(bystander, attacker);
    const names = Object.getOwnPropertyNames(Object.prototype);
    expect(names).toEqual(expect.arrayContaining(["__proto__", "__defineGetter__", "constructor"]));

    // Pairs, not an object: `answers["__proto__"] = …` would set the object's prototype.
    const answers: Array<[string, unknown]> = [];
    for (const name of names) {
      attacker.emit(name);
      // With the socket as `this`, these would define a getter or setter on the server's socket.
      attacker.emit(name, "connected", "data");
      const answer = await attacker
        .timeout(5_000)
        .emitWithAck(name, "connected")
        .catch(
          (error: Error) =>
            `no answer: ${error.message}; the process ${node.isRunning() ? "runs" : "exited"}`,
        );
      answers.push([name, answer]);
    }

    expect(answers).toEqual(names.map((name) => [name, UNKNOWN_EVENT_ACK]));
    expect(node.isRunning(), node.output()).toBe(true);
    expect(node.output()).not.toMatch(/TypeError/);
    expect(((await ping(bystander)) as AckResult).ok).toBe(true);
    // The attacker's own socket is untouched too (no getter was defined on `connected` or `data`).
    expect(((await ping(attacker)) as AckResult).ok).toBe(true);
    expect((await fetch(`${node.url}/api/health`)).status).toBe(200);
  }, 60_000);
});

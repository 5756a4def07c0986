import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo, Socket as TcpSocket } from "node:net";
import { Server, type Socket } from "socket.io";
import { type Socket as ClientSocket, io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushOncePerTurn } from "./engine-io-turn-flush";

type Transport = "websocket" | "polling";

/** The TCP socket under a websocket connection (ws' own `_socket`). */
function tcpOf(socket: Socket): TcpSocket | undefined {
  const transport = socket.conn.transport as unknown as { name: string; socket?: { _socket?: TcpSocket } };
  return transport.name === "websocket" ? transport.socket?._socket : undefined;
}

/** Counts the system-call-level writes (`_write`, `_writev`) of one TCP socket from now on. */
function countWrites(tcp: TcpSocket): { readonly count: number } {
  const counter = { count: 0 };
  const internals = tcp as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
  for (const name of ["_write", "_writev"] as const) {
    const stock = internals[name].bind(tcp);
    internals[name] = (...args: unknown[]) => {
      counter.count += 1;
      return stock(...args);
    };
  }
  return counter;
}

/**
 * A Socket.IO server whose sockets answer a script of emits: in one turn, in later turns, to a room,
 * binary, with an ack, and an emit right before the server disconnects the socket.
 */
async function startServer(isPatched: boolean) {
  const http: HttpServer = createServer();
  const io = new Server(http, { transports: ["websocket", "polling"] });
  if (isPatched) flushOncePerTurn(io);
  const writes: number[] = [];
  io.on("connection", (socket) => {
    socket.on("burst", (ack: (answer: unknown) => void) => {
      const tcp = tcpOf(socket);
      const counter = tcp ? countWrites(tcp) : undefined;
      socket.emit("waiting", { since: 1 });
      socket.emit("matched", { roomId: "r1", partner: { id: "p", gender: "female" } });
      socket.emit("picture", Buffer.from([1, 2, 3]));
      ack({ ok: true });
      setImmediate(() => {
        if (counter) writes.push(counter.count);
      });
    });
    socket.on("turns", async (ack: (answer: unknown) => void) => {
      socket.emit("first");
      await Promise.resolve();
      socket.emit("after a promise");
      process.nextTick(() => socket.emit("after a tick"));
      setImmediate(() => {
        socket.emit("next turn");
        ack("done");
      });
    });
    socket.on("room", () => {
      socket.join("everyone");
      io.to("everyone").emit("to the room", "hello");
      socket.emit("to one");
    });
    socket.on("bye", () => {
      socket.emit("last words", { n: 1 });
      socket.disconnect(true);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    writes,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

/** Everything one client hears while it runs the script, in order, with the disconnect's reason. */
async function runScript(url: string, transport: Transport): Promise<unknown[]> {
  const client: ClientSocket = connect(url, { transports: [transport], forceNew: true });
  const heard: unknown[] = [];
  client.onAny((event: string, ...args: unknown[]) => heard.push([event, ...args]));
  await new Promise<void>((resolve) => client.once("connect", resolve));
  heard.push(["ack", await client.emitWithAck("burst")]);
  heard.push(["ack", await client.emitWithAck("turns")]);
  client.emit("room");
  const reason = new Promise<string>((resolve) => client.once("disconnect", resolve));
  client.emit("bye");
  heard.push(["disconnect", await reason]);
  client.close();
  return heard;
}

describe("Engine.IO writing a socket's packets once per turn", () => {
  let stock: Awaited<ReturnType<typeof startServer>>;
  let patched: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    [stock, patched] = await Promise.all([startServer(false), startServer(true)]);
  });
  afterAll(async () => {
    await Promise.all([stock.close(), patched.close()]);
  });

  for (const transport of ["websocket", "polling"] as const) {
    it(`delivers the same events in the same order as stock Engine.IO (${transport})`, async () => {
      const expected = await runScript(stock.url, transport);
      expect(expected.at(-1)).toEqual(["disconnect", "io server disconnect"]);
      expect(expected.map((entry) => (entry as unknown[])[0])).toEqual([
        "waiting",
        "matched",
        "picture",
        "ack",
        "first",
        "after a promise",
        "after a tick",
        "next turn",
        "ack",
        "to the room",
        "to one",
        "last words",
        "disconnect",
      ]);
      expect(await runScript(patched.url, transport)).toEqual(expected);
    });
  }

  it("sends a turn's packets to a websocket in one write, where stock Engine.IO makes one per packet", async () => {
    stock.writes.length = 0;
    patched.writes.length = 0;
    await runScript(stock.url, "websocket");
    await runScript(patched.url, "websocket");
    // Three events (the picture is two frames: its header and its bytes) and the ack: five frames,
    // the first written at once, then one write per frame of the batch.
    expect(stock.writes).toEqual([5]);
    expect(patched.writes).toEqual([1]);
  });
});

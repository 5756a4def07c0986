// The once-per-turn flush patch's gain, measured on its own (ADR 0018, issue #35):
//   node bench/patches/engine-io-turn-flush.mjs
// One Socket.IO server in a child process, stock or patched (alternating rounds), 50 websocket clients.
// Each client sends `join` with an ack; the server answers as a match does: `waiting`, `matched`, a
// status event and the ack, in one turn. Figures: the server's CPU per join (`process.cpuUsage` of the
// child, so the clients' CPU is not counted) and its TCP writes per join.
import { fork } from "node:child_process";
import { createServer } from "node:http";
import net from "node:net";
import path from "node:path";
import { Server } from "socket.io";
import { io as connect } from "socket.io-client";

const CLIENTS = 50;
const JOINS_PER_CLIENT = Number(process.env.PATCH_BENCH_CALLS ?? 400);
const ROUNDS = Number(process.env.PATCH_BENCH_ROUNDS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** The server side, in the child: `node engine-io-turn-flush.mjs serve stock|patched`. */
async function serve(variant) {
  let writes = 0;
  for (const name of ["_write", "_writev"]) {
    const stock = net.Socket.prototype[name];
    net.Socket.prototype[name] = function countedWrite(...args) {
      writes += 1;
      return stock.apply(this, args);
    };
  }
  const http = createServer();
  const io = new Server(http, { transports: ["websocket"] });
  if (variant === "patched") {
    const { register } = await import("tsx/esm/api");
    register();
    const root = path.resolve(import.meta.dirname, "../..");
    const { flushOncePerTurn } = await import(
      path.join(root, "apps/server/src/patches/engine-io-turn-flush.ts")
    );
    flushOncePerTurn(io);
  }
  io.on("connection", (socket) => {
    socket.on("join", (n, ack) => {
      socket.emit("waiting", { since: Date.now() });
      socket.emit("matched", {
        roomId: "0b0f1c6e-4a1e-4c55-9d59-3c1f0f6a9d11",
        partner: { id: "p_6f1c9a2b4d3e5f60718293a4", gender: "female", isAI: false },
      });
      socket.emit("line_status", { waiting: n % 7, searchingFor: "anyone" });
      ack({ ok: true });
    });
  });
  http.listen(0, "127.0.0.1", () => process.send({ port: http.address().port }));
  process.on("message", (message) => {
    if (message === "measure") process.send({ cpu: process.cpuUsage(), writes });
  });
}

async function round(variant) {
  const child = fork(import.meta.filename, ["serve", variant]);
  const { port } = await new Promise((resolve) => child.once("message", resolve));
  const measure = () =>
    new Promise((resolve) => {
      child.once("message", resolve);
      child.send("measure");
    });
  const clients = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise((resolve) => {
          const client = connect(`http://127.0.0.1:${port}`, { transports: ["websocket"], forceNew: true });
          client.once("connect", () => resolve(client));
        }),
    ),
  );
  for (const client of clients) await client.emitWithAck("join", 0);
  const before = await measure();
  for (let index = 0; index < JOINS_PER_CLIENT; index += 1) {
    await Promise.all(clients.map((client) => client.emitWithAck("join", index)));
  }
  const after = await measure();
  for (const client of clients) client.close();
  child.kill();
  const joins = CLIENTS * JOINS_PER_CLIENT;
  const cpuMicros = after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system;
  return { cpuPerJoin: cpuMicros / joins, writesPerJoin: (after.writes - before.writes) / joins };
}

async function main() {
  const results = { stock: [], patched: [] };
  for (let index = 0; index < ROUNDS; index += 1) {
    for (const variant of ["stock", "patched"]) results[variant].push(await round(variant));
  }
  console.log(`${CLIENTS} clients × ${JOINS_PER_CLIENT} joins, ${ROUNDS} rounds (median)`);
  for (const [variant, runs] of Object.entries(results)) {
    const cpu = median(runs.map((run) => run.cpuPerJoin)).toFixed(1);
    const writes = median(runs.map((run) => run.writesPerJoin)).toFixed(2);
    console.log(`${variant.padEnd(8)} ${cpu} µs server CPU a join, ${writes} TCP writes a join`);
  }
}

if (process.argv[2] === "serve") await serve(process.argv[3]);
else await main();

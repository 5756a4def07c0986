// The local-first broadcast patch's gain, measured on its own (ADR 0018):
//   REDIS_URL=redis://127.0.0.1:6379 node bench/patches/local-first-adapter.mjs
// One Socket.IO node on the Redis streams adapter, stock or patched (alternating rounds), with a client of
// its own in a room. Sequential: a room broadcast, then wait for the client to get it (time to the node's
// own socket, and the node's CPU per broadcast). Burst: 200 broadcasts in one turn, time until the
// client has them all. Wall time here is the point of the patch (the stock adapter waits for the XADD
// round trip before its own sockets get the packet), so these are times, not only CPU.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { createClient } from "redis";
import { Server } from "socket.io";
import { io as connect } from "socket.io-client";
import { register } from "tsx/esm/api";

register();
const root = path.resolve(import.meta.dirname, "../..");
const { createLocalFirstAdapter } = await import(
  path.join(root, "apps/server/src/patches/socket-io-local-first-adapter.ts")
);

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SEQUENTIAL = Number(process.env.PATCH_BENCH_CALLS ?? 2_000);
const BURST = 200;
const BURSTS = 20;
const ROUNDS = Number(process.env.PATCH_BENCH_ROUNDS ?? 5);

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)];
const median = (values) => quantile(values, 0.5);

async function startNode(redis, adapter) {
  const streamName = `heartline:bench:adapter:${randomBytes(6).toString("hex")}`;
  const http = createServer();
  const io = new Server(http, { adapter: adapter(redis, streamName) });
  io.on("connection", (socket) => socket.join("room"));
  await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
  const client = connect(`http://127.0.0.1:${http.address().port}`, { transports: ["websocket"] });
  await new Promise((resolve) => client.once("connect", resolve));
  while (io.of("/").adapter.rooms.get("room")?.size !== 1) await new Promise((r) => setImmediate(r));
  let waiting = null;
  let received = 0;
  client.on("tick", () => {
    received += 1;
    waiting?.();
  });
  const until = (count) =>
    new Promise((resolve) => {
      if (received >= count) return resolve();
      waiting = () => {
        if (received >= count) {
          waiting = null;
          resolve();
        }
      };
    });
  return {
    async sequential(calls) {
      const times = [];
      const cpu = process.cpuUsage();
      for (let index = 0; index < calls; index++) {
        const start = performance.now();
        const target = received + 1;
        io.to("room").emit("tick", index, "a message of ordinary size for a group chat");
        await until(target);
        times.push((performance.now() - start) * 1000);
      }
      const used = process.cpuUsage(cpu);
      return { p50: median(times), p99: quantile(times, 0.99), cpu: (used.user + used.system) / calls };
    },
    async burst() {
      const times = [];
      for (let round = 0; round < BURSTS; round++) {
        const start = performance.now();
        const target = received + BURST;
        for (let index = 0; index < BURST; index++) io.to("room").emit("tick", index, "a burst");
        await until(target);
        times.push(performance.now() - start);
      }
      // The stream writes still in flight finish before the next variant runs.
      await redis.xLen(streamName);
      return median(times);
    },
    async close() {
      client.disconnect();
      await io.close();
      await redis.del(streamName);
    },
  };
}

const redis = createClient({ url: REDIS_URL });
await redis.connect();
const variants = {
  stock: (client, streamName) => createAdapter(client, { streamName }),
  "local-first": (client, streamName) => createLocalFirstAdapter(client, { streamName }),
};
const figures = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = -1; round < ROUNDS; round++) {
  for (const [name, adapter] of Object.entries(variants)) {
    const node = await startNode(redis, adapter);
    const sequential = await node.sequential(round < 0 ? 200 : SEQUENTIAL);
    const burst = await node.burst();
    await node.close();
    if (round >= 0) figures[name].push({ ...sequential, burst });
  }
}
for (const [name, list] of Object.entries(figures)) {
  const pick = (key) => median(list.map((figure) => figure[key]));
  console.log(
    `${name}: to the node's own socket p50 ${pick("p50").toFixed(0)} µs, p99 ${pick("p99").toFixed(0)} µs; ` +
      `CPU ${pick("cpu").toFixed(0)} µs a broadcast (bench process: node and client); ` +
      `${BURST} broadcasts in one turn delivered in ${pick("burst").toFixed(1)} ms ` +
      `(medians of ${ROUNDS} rounds)`,
  );
}
await redis.close();

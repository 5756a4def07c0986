// What a node pays to read another node's stream entries when the stream is busy (docs/scaling.md §6.3):
// `node bench/scale/stream-read.mjs` (needs REDIS_URL). This process is a Socket.IO server with the Redis
// streams adapter and no sockets, as a node is for traffic that is not its own; a child process XADDs
// random-chat broadcasts (the adapter's own format, a `pair:` room nobody here is in) at a fixed rate,
// and this process's CPU time per entry read is printed for each rate. Uses Redis database 4, flushed.
import { fork } from "node:child_process";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { createClient } from "redis";
import { Server } from "socket.io";

const STREAM = "socket.io";
const RATES = [100, 1_000, 5_000, 20_000];
const SECONDS = 4;
const url = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
url.pathname = "/4";

if (process.argv[2] === "writer") {
  const redis = createClient({ url: url.toString() });
  await redis.connect();
  const data = JSON.stringify({
    packet: {
      type: 2,
      data: ["chat_message", { id: "x".repeat(36), content: "y".repeat(100), type: "text" }],
      nsp: "/",
    },
    opts: { rooms: ["pair:00000000-0000-4000-8000-000000000000"], except: [], flags: {} },
  });
  process.on("message", async ({ rate }) => {
    const total = rate * SECONDS;
    const started = performance.now();
    for (let sent = 0; sent < total; ) {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1_000));
      const batch = [];
      for (; sent < due; sent += 1) {
        batch.push(redis.xAdd(STREAM, "*", { uid: "writer", nsp: "/", type: "3", data }));
      }
      await Promise.all(batch);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    process.send({ done: total });
  });
  process.send({ ready: true });
} else {
  const redis = createClient({ url: url.toString() });
  await redis.connect();
  await redis.flushDb();
  const io = new Server({ adapter: createAdapter(redis) });
  const writer = fork(new URL(import.meta.url).pathname, ["writer"]);
  const next = () => new Promise((resolve) => writer.once("message", resolve));
  await next();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const rate of RATES) {
    const before = process.cpuUsage();
    const startedAdded = await added(redis);
    writer.send({ rate });
    await next();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const used = process.cpuUsage(before);
    const entries = (await added(redis)) - startedAdded;
    const micros = (used.user + used.system) / entries;
    console.log(`${rate} entries/s: ${entries} read, ${micros.toFixed(1)} µs of CPU per entry`);
  }
  writer.kill();
  // No HTTP server to close: the adapter's reader stops with the process.
  io.of("/").adapter.close?.();
  await redis.flushDb();
  await redis.close();
  process.exit(0);
}

/** Entries ever added to the stream (0 before the first). */
async function added(redis) {
  try {
    const info = await redis.sendCommand(["XINFO", "STREAM", STREAM]);
    return Number(info[info.indexOf("entries-added") + 1]);
  } catch {
    return 0;
  }
}

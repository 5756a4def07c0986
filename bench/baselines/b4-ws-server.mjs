// B4 baseline (BENCHMARKS.md): bare `ws` holding idle connections, the floor of what a websocket costs
// here. No compression (per-message deflate keeps a zlib context per socket), no identity, no rooms.
import { createServer } from "node:http";
import { WebSocketServer } from "ws";
import { answerMemoryProbes } from "../lib/memory-probe.mjs";

const httpServer = createServer();
const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false });
wss.on("connection", () => {});

answerMemoryProbes();
httpServer.listen(0, "127.0.0.1", () => {
  console.log(`B4 ws baseline is serving on http://127.0.0.1:${httpServer.address().port}`);
});

process.on("SIGTERM", () => {
  for (const socket of wss.clients) socket.terminate();
  httpServer.close(() => process.exit(0));
});

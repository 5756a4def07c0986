// B4 baseline (BENCHMARKS.md): bare Socket.IO holding idle connections, as its own memory chart
// measures it: websocket transport, the in-memory adapter, one `session` event per connection (so the
// bench's clients know they are in, as with Heartline) and nothing else.
import { createServer } from "node:http";
import { Server } from "socket.io";
import { answerMemoryProbes } from "../lib/memory-probe.mjs";

const httpServer = createServer();
const io = new Server(httpServer, { transports: ["websocket"], serveClient: false });

io.on("connection", (socket) => {
  socket.emit("session", { userId: socket.id, isVisitor: true });
});

answerMemoryProbes();
httpServer.listen(0, "127.0.0.1", () => {
  console.log(`B4 Socket.IO baseline is serving on http://127.0.0.1:${httpServer.address().port}`);
});

process.on("SIGTERM", () => {
  io.close(() => process.exit(0));
});

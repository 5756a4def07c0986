// B1 baseline (BENCHMARKS.md): a bare `ws` server broadcasting a pre-serialised buffer. Every
// connection is in the one room; a frame from the publisher (the connection that sent `?publisher`)
// is framed once (`Sender.frame`, header and payload joined into one buffer) and that buffer goes to
// every other connection in one write: one syscall per socket per message, as ws's own broadcast
// advice has it. No identity, no validation, no storage: the floor of what fan-out costs here.
import { createServer } from "node:http";
import { Sender, WebSocket, WebSocketServer } from "ws";

const httpServer = createServer();
const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false });
/** @type {Set<WebSocket>} */
const room = new Set();

wss.on("connection", (socket, request) => {
  const isPublisher = request.url?.includes("publisher") === true;
  if (!isPublisher) room.add(socket);
  socket.on("close", () => room.delete(socket));
  if (!isPublisher) return;
  socket.on("message", (data, isBinary) => {
    // One frame, built once, then the same bytes to every socket (the "pre-serialised buffer").
    // Sender.frame returns the header and the payload apart; written apart they would cost two
    // syscalls (and two TCP segments) per socket, so they are joined once here.
    const frame = Buffer.concat(
      Sender.frame(data, { fin: true, opcode: isBinary ? 2 : 1, mask: false, readOnly: true, rsv1: false }),
    );
    for (const member of room) {
      if (member.readyState !== WebSocket.OPEN) continue;
      // `_socket` is ws's underlying net.Socket: one write of the ready frame, no per-socket framing.
      member._socket.write(frame);
    }
    socket.send("ack");
  });
});

httpServer.listen(0, "127.0.0.1", () => {
  console.log(`B1 ws baseline is serving on http://127.0.0.1:${httpServer.address().port}`);
});

process.on("SIGTERM", () => {
  for (const socket of wss.clients) socket.terminate();
  httpServer.close(() => process.exit(0));
});

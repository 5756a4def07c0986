// B1 baseline (BENCHMARKS.md): bare Socket.IO `io.to(room).emit`. It speaks Heartline's group
// events (`join_group` → ack, `group_message` → broadcast to the room and ack) with nothing else:
// no identity, no validation, no storage, no bans or mutes, the in-memory adapter.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { Server } from "socket.io";

const ROOM = "group";
const httpServer = createServer();
const io = new Server(httpServer, { transports: ["websocket"], serveClient: false });

io.on("connection", (socket) => {
  socket.emit("session", { userId: socket.id, isVisitor: true });
  socket.on("join_group", (_payload, ack) => {
    socket.join(ROOM);
    ack?.({ ok: true, data: undefined });
  });
  socket.on("group_message", (payload, ack) => {
    const message = {
      id: payload?.id ?? randomUUID(),
      content: payload?.content,
      senderId: socket.id,
      senderUsername: "publisher",
      timestamp: Date.now(),
      type: "text",
    };
    io.to(ROOM).emit("group_message", message);
    ack?.({ ok: true, data: { id: message.id, timestamp: message.timestamp } });
  });
});

httpServer.listen(0, "127.0.0.1", () => {
  console.log(`B1 Socket.IO baseline is serving on http://127.0.0.1:${httpServer.address().port}`);
});

process.on("SIGTERM", () => {
  io.close(() => process.exit(0));
});

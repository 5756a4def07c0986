// B3 baseline (BENCHMARKS.md): in-process FIFO pairing in bare Socket.IO. It speaks the same events
// as Heartline's random chat (session, join, next, waiting, matched, partner_left) and keeps the
// same rules a fair comparison needs (both preferences accept the other's gender; no rematch with the
// partner just left for 10 s), with nothing else: no identity, no validation, no stores, no adapter.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { Server } from "socket.io";

const REMATCH_COOLDOWN_MS = 10_000;

const accepts = (preference, gender) => preference === "any" || preference === gender;

/** @type {Array<{ id: string, socket: import("socket.io").Socket, gender: string, preference: string }>} */
const line = [];
/** id → { partnerId, socket } while paired */
const pairs = new Map();
/** "a b" → when the cooldown ends */
const cooldowns = new Map();

const cooldownKey = (a, b) => (a < b ? `${a} ${b}` : `${b} ${a}`);

function endPair(id) {
  const pair = pairs.get(id);
  if (!pair) return;
  pairs.delete(id);
  pairs.delete(pair.partnerId);
  pair.socket.emit("partner_left", { reason: "ended" });
  cooldowns.set(cooldownKey(id, pair.partnerId), Date.now() + REMATCH_COOLDOWN_MS);
}

function leaveLine(id) {
  const index = line.findIndex((entry) => entry.id === id);
  if (index >= 0) line.splice(index, 1);
}

function join(entry) {
  leaveLine(entry.id);
  entry.socket.emit("waiting", { since: Date.now() });
  const now = Date.now();
  const index = line.findIndex(
    (other) =>
      accepts(entry.preference, other.gender) &&
      accepts(other.preference, entry.gender) &&
      (cooldowns.get(cooldownKey(entry.id, other.id)) ?? 0) <= now,
  );
  if (index < 0) {
    line.push(entry);
    return;
  }
  const [partner] = line.splice(index, 1);
  const roomId = randomUUID();
  pairs.set(entry.id, { partnerId: partner.id, socket: partner.socket });
  pairs.set(partner.id, { partnerId: entry.id, socket: entry.socket });
  entry.socket.emit("matched", { roomId, partner: { id: partner.id, gender: partner.gender, isAI: false } });
  partner.socket.emit("matched", { roomId, partner: { id: entry.id, gender: entry.gender, isAI: false } });
}

const httpServer = createServer();
const io = new Server(httpServer, { transports: ["websocket"], serveClient: false });

io.on("connection", (socket) => {
  const id = socket.id;
  let choices;
  socket.emit("session", { userId: id, isVisitor: true });
  // The 18+ confirmation Heartline asks before the first join (issue 14): acknowledged, nothing kept.
  // The generator joins only after this acknowledgement, so without it the baseline matches nobody.
  socket.on("confirm_adult", (_payload, ack) => ack?.({ ok: true, data: undefined }));
  socket.on("join", (payload, ack) => {
    choices = { gender: payload.gender, preference: payload.preference };
    endPair(id);
    join({ id, socket, ...choices });
    ack?.({ ok: true, data: undefined });
  });
  socket.on("next", (_payload, ack) => {
    endPair(id);
    if (choices) join({ id, socket, ...choices });
    ack?.({ ok: true, data: undefined });
  });
  socket.on("disconnect", () => {
    leaveLine(id);
    endPair(id);
  });
});

// Expired cooldowns are dropped now and then, as the real server's sweep does.
const sweep = setInterval(() => {
  const now = Date.now();
  for (const [key, until] of cooldowns) if (until <= now) cooldowns.delete(key);
}, 1_000);

httpServer.listen(0, "127.0.0.1", () => {
  console.log(`Baseline is serving on http://127.0.0.1:${httpServer.address().port}`);
});

process.on("SIGTERM", () => {
  clearInterval(sweep);
  io.close(() => process.exit(0));
});

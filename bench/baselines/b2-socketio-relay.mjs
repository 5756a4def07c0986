// B2 baseline (BENCHMARKS.md; issue: "a bare Socket.IO relay that inserts each message into the same
// database"): on `direct_message` it INSERTs the row (the columns and indexes of Heartline's
// `direct_messages`, in a table of its own without the foreign keys), then acks `{ ok: true, data }`
// and emits `direct_message` to the sender's other tabs and the receiver's `user:{id}` room. Nothing
// else: no session (who you are is the `b2user` cookie), no validation, no blocks or duplicates, no
// conversation or unread rows, the seq an in-memory counter per conversation.
// Storage: PostgreSQL through `pg` when DATABASE_URL is set (a Pool of the size Heartline's has), else
// PGlite in B2_PGLITE_DIR (the embedded shape). REDIS_URL: the Redis streams adapter, as Heartline's
// nodes use it (the two-node shape), on a stream of its own.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import pg from "pg";
import { createClient } from "redis";
import { Server } from "socket.io";

const TABLE = "b2_baseline_messages";
const DDL = [
  `CREATE TABLE IF NOT EXISTS "${TABLE}" (
    "id" uuid PRIMARY KEY NOT NULL,
    "conversation_id" text NOT NULL,
    "sender_id" text NOT NULL,
    "receiver_id" text NOT NULL,
    "content" text NOT NULL,
    "type" text DEFAULT 'text' NOT NULL,
    "status" text DEFAULT 'sent' NOT NULL,
    "reply_to_id" uuid,
    "created_at" timestamp with time zone DEFAULT now() NOT NULL,
    "seq" bigint NOT NULL
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS "${TABLE}_conversation_seq_idx" ON "${TABLE}" ("conversation_id","seq")`,
  `CREATE INDEX IF NOT EXISTS "${TABLE}_sender_idx" ON "${TABLE}" ("sender_id")`,
  `CREATE INDEX IF NOT EXISTS "${TABLE}_receiver_idx" ON "${TABLE}" ("receiver_id")`,
];
const INSERT = `INSERT INTO "${TABLE}" (id, conversation_id, sender_id, receiver_id, content, type, created_at, seq)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;

async function openStore() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 10_000 });
    for (const statement of DDL) await pool.query(statement);
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const db = new PGlite(process.env.B2_PGLITE_DIR);
  for (const statement of DDL) await db.exec(statement);
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

const store = await openStore();
let redis;
if (process.env.REDIS_URL) {
  redis = createClient({ url: process.env.REDIS_URL });
  await redis.connect();
}
const httpServer = createServer();
const io = new Server(httpServer, {
  transports: ["websocket"],
  serveClient: false,
  ...(redis ? { adapter: createAdapter(redis, { streamName: "b2-baseline-stream" }) } : {}),
});
/** conversation id → last seq (each conversation's sender is on one node, so a counter per node does). */
const seqs = new Map();

io.on("connection", (socket) => {
  const userId = /(?:^|;\s*)b2user=([^;]+)/.exec(socket.handshake.headers.cookie ?? "")?.[1] ?? socket.id;
  socket.join(`user:${userId}`);
  socket.emit("session", { userId, isVisitor: false });
  socket.on("direct_message", async (payload, ack) => {
    const receiverId = String(payload?.receiverId);
    const conversationId = userId < receiverId ? `${userId}-${receiverId}` : `${receiverId}-${userId}`;
    const seq = (seqs.get(conversationId) ?? 0) + 1;
    seqs.set(conversationId, seq);
    const now = Date.now();
    const message = {
      id: payload?.id ?? randomUUID(),
      conversationId,
      seq,
      senderId: userId,
      receiverId,
      content: String(payload?.content),
      type: payload?.type ?? "text",
      status: "sent",
      timestamp: now,
    };
    try {
      await store.query(INSERT, [
        message.id,
        conversationId,
        userId,
        receiverId,
        message.content,
        message.type,
        new Date(now),
        seq,
      ]);
    } catch (error) {
      ack?.({ ok: false, error: { code: "internal", message: String(error?.message ?? error) } });
      return;
    }
    ack?.({ ok: true, data: message });
    io.to([`user:${userId}`, `user:${receiverId}`])
      .except(socket.id)
      .emit("direct_message", message);
  });
});

httpServer.listen(0, "127.0.0.1", () => {
  console.log(`B2 Socket.IO relay baseline is serving on http://127.0.0.1:${httpServer.address().port}`);
});

process.on("SIGTERM", () => {
  io.close(async () => {
    await store.close().catch(() => undefined);
    await redis?.close().catch(() => undefined);
    process.exit(0);
  });
});

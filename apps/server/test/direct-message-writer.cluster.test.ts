import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "../src/db/create-database";
import { rowsOf } from "../src/db/rows";
import { conversationIdOf } from "../src/db/schema";
import { createDirectMessageWriter } from "../src/features/direct-messages/direct-message-writer";
import type { OutgoingMessage } from "../src/features/direct-messages/send-statement";
import { streakStatement } from "../src/features/streaks/index";
import { createScratchDatabase, type ScratchDatabase } from "./helpers/scratch-services";

/**
 * The group commit of direct messages (ADR 0011) from two nodes at once on PostgreSQL: each node's
 * statements hold many conversations' rows, the two nodes' statements overlap, and each node walks the
 * conversations in the opposite order. Every message is stored exactly once with its own seq, the unread
 * counts add up, and each pair's streak moves as one message at a time would move it.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const PAIRS = 20;
const ROUNDS = 15;

describe.skipIf(!DATABASE_URL)(
  DATABASE_URL
    ? "direct message writers on two nodes"
    : "direct message writers on two nodes (skipped: DATABASE_URL is not set)",
  () => {
    let database: ScratchDatabase | undefined;
    let nodes: DatabaseHandle[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL ?? "", "heartline_dmw");
      // Two pools on one database, as two nodes have (no data directory: PostgreSQL).
      const node = () => createDatabase({ databaseUrl: database?.url, dataDir: "" });
      nodes = [await node(), await node()];
    }, 60_000);
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database?.drop();
    });

    it("both nodes send to the same conversations in opposite orders: every message once, seqs without a gap", async () => {
      const [nodeA, nodeB] = nodes as [DatabaseHandle, DatabaseHandle];
      const { db } = nodeA;
      const pairs: Array<[string, string]> = [];
      for (let index = 0; index < PAIRS; index++) {
        const pair = [
          `dmw_${index}_a_${randomUUID().slice(0, 6)}`,
          `dmw_${index}_b_${randomUUID().slice(0, 6)}`,
        ];
        for (const id of pair) {
          await db.execute(sql`insert into "user" (id, name, email, username, email_verified, created_at, updated_at)
            values (${id}, ${id}, ${`${id}@example.com`}, ${id}, true, now(), now())`);
        }
        await db.execute(
          sql`insert into friend_requests (sender_id, receiver_id, status) values (${pair[0]}, ${pair[1]}, 'accepted')`,
        );
        pairs.push(pair as [string, string]);
      }
      const writers = [nodeA, nodeB].map((node) =>
        createDirectMessageWriter(node.db, streakStatement("UTC")),
      );
      const at = Date.now();
      // Each text its own: the same text twice within 5 s is a duplicate (ADR 0015).
      const message = (senderId: string, receiverId: string): OutgoingMessage => ({
        id: randomUUID(),
        conversationId: conversationIdOf(senderId, receiverId),
        senderId,
        receiverId,
        content: `hello ${randomUUID()}`,
        type: "text",
        replyToId: null,
        at: new Date(at),
      });
      const sends: Promise<unknown>[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Node A sends a → b in pair order, node B b → a in reverse pair order, in the same turn.
        for (const [one, two] of pairs) sends.push(writers[0]?.store(message(one, two)) as Promise<unknown>);
        for (const [one, two] of [...pairs].reverse()) {
          sends.push(writers[1]?.store(message(two, one)) as Promise<unknown>);
        }
      }
      const results = await Promise.allSettled(sends);
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);

      const stored = rowsOf<{ conversation_id: string; count: string | number; seqs: string }>(
        await db.execute(sql`select conversation_id, count(*) as count,
            string_agg(seq::text, ',' order by seq) as seqs
          from direct_messages group by conversation_id`),
      );
      const every = Array.from({ length: 2 * ROUNDS }, (_, index) => index + 1).join(",");
      expect(stored).toHaveLength(PAIRS);
      for (const row of stored) expect(row).toMatchObject({ seqs: every });
      const unread = rowsOf<{ unread_count: number }>(
        await db.execute(sql`select unread_count from conversation_state`),
      );
      expect(unread.map((row) => Number(row.unread_count))).toEqual(Array(2 * PAIRS).fill(ROUNDS));
      // All within one minute of one day: each pair's streak started (0) and was answered (1), once.
      const counts = rowsOf<{ count: number }>(await db.execute(sql`select count from streaks`));
      expect(counts.map((row) => Number(row.count))).toEqual(Array(PAIRS).fill(1));
    }, 60_000);
  },
);

import type { Database } from "../../db/create-database";
import { KeyedBatch } from "../../lib/keyed-batch";
import type { StreakStatement } from "../streaks/index";
import { type OutgoingMessage, type WrittenMessage, writeMessages } from "./send-statement";

/**
 * Most messages in one send statement, and send statements in flight at once (of the pool's 10
 * connections; the rest serve the reads). Chosen on B5's seed with 1,024 senders, where 4 × 128 stored the
 * most and larger batches no more (ADR 0011; the figures are in bench/RESULTS.md's notes).
 */
export const WRITER_LIMITS = { maxBatch: 128, maxInFlight: 4 };

interface Pending {
  message: OutgoingMessage;
  resolve: (written: WrittenMessage | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Stores text messages; resolves after the commit (ADR 0011), with null for a message not stored
 * because its sender sent the same content in its conversation within 5 s (ADR 0015).
 */
export interface DirectMessageWriter {
  store(message: OutgoingMessage): Promise<WrittenMessage | null>;
}

/**
 * Group commit for direct messages (issue #12, bench B5; ADR 0011): the messages that arrive while the
 * last statements are in flight go together into the next send statement, at most one per conversation
 * (each takes its conversation's next seq and moves its pair's streak once) and none of a conversation
 * a statement in flight is writing, so each conversation's messages are stored in the order they came
 * and two statements of one node never wait on each other's rows. A lone message is written at once,
 * alone. A statement that fails (an id a concurrent retry stored, a deadlock with another node's
 * statement) is tried again one message at a time, so each caller gets its own answer.
 */
export function createDirectMessageWriter(
  db: Database,
  streaks: StreakStatement | undefined,
): DirectMessageWriter {
  const batch = new KeyedBatch<Pending>({
    keyOf: (entry) => entry.message.conversationId,
    write: async (entries) => {
      const written = await writeMessages(
        db,
        streaks,
        entries.map((entry) => entry.message),
      );
      for (const entry of entries) entry.resolve(written.get(entry.message.id) ?? null);
    },
    fail: (entry, error) => entry.reject(error),
    ...WRITER_LIMITS,
  });
  return {
    store: (message) => new Promise((resolve, reject) => batch.add({ message, resolve, reject })),
  };
}

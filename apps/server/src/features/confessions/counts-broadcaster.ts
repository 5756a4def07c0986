import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { confessions } from "../../db/schema";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import { readCounts } from "./confession-views";
import { confessionShown } from "./shown-now";

/** A burst of taps on one confession becomes one `confession_counts` push per node in this window. */
export const CONFESSION_COUNTS_COALESCE_MS = 150;

export interface CountsBroadcaster {
  /** The counts of this confession changed: push them (read fresh when the window ends). */
  changed(confessionId: string): void;
  stop(): void;
}

/**
 * Coalesces count changes per confession on this node: the first change opens a short window, and when
 * it ends the counts are read from the table and pushed to the wall on every node (through the adapter).
 * Reading at the end (not sending what each tap saw) makes the last push of a burst the exact state.
 */
export function createCountsBroadcaster(options: {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  windowMs?: number;
}): CountsBroadcaster {
  const { db, io, log } = options;
  const pending = new Map<string, NodeJS.Timeout>();
  const flush = async (confessionId: string): Promise<void> => {
    pending.delete(confessionId);
    const [exists] = await db
      .select({ id: confessions.id })
      .from(confessions)
      .where(and(eq(confessions.id, confessionId), confessionShown()));
    // A removed confession (or one past its moment, ADR 0014) has its `confession_removed`: no counts.
    if (!exists) return;
    const counts = (await readCounts(db, [confessionId])).get(confessionId);
    if (counts) io.to(CONFESSIONS_ROOM).emit("confession_counts", counts);
  };
  return {
    changed(confessionId) {
      if (pending.has(confessionId)) return;
      const timer = setTimeout(() => {
        flush(confessionId).catch((error: unknown) =>
          log.warn({ err: error, confessionId }, "could not push confession counts"),
        );
      }, options.windowMs ?? CONFESSION_COUNTS_COALESCE_MS);
      timer.unref();
      pending.set(confessionId, timer);
    },
    stop() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

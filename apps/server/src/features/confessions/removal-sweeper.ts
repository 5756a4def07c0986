import { and, eq, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { confessionComments, confessionDepartingReactions, confessions } from "../../db/schema";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { CountsBroadcaster } from "./counts-broadcaster";
import type { RemovalSchedule } from "./removal-schedule";

type Kind = "confession" | "comment" | "reaction";
interface DueItem {
  kind: Kind;
  id: string;
  /** Until its moment, by the database's clock (negative: past). */
  inMs: number;
}

export interface RemovalSweeper {
  /**
   * A deletion committed here: nothing of this node's goes within a gap of it (its departure from the
   * room is apart), and its first items get their timers now.
   */
  deletionCommitted(): void;
  /** Clears the timers and waits for the removals under way. */
  stop(): Promise<void>;
}

/**
 * Removes a deleted account's detached items at their own moments (ADR 0014), on every node at once
 * and durably: the schedule is the rows' `removal_due_at`. Every `sweepEveryMs` a node reads what is
 * due within two periods (an indexed query that finds nothing when idle) and sets one timer per item;
 * at the moment, `DELETE … WHERE id = $1 RETURNING` lets exactly one node have the row, and that node
 * tells open walls, through the adapter. One node's pushes are at least `gapMs` apart, whoever's.
 * An item no node was up for (overdue by more than a period) is deleted without a push: every read has
 * left it out since its moment, and pushing a backlog together would link its items again.
 */
export function createRemovalSweeper(options: {
  db: Database;
  io: HeartlineServer;
  counts: CountsBroadcaster;
  log: FastifyBaseLogger;
  schedule: Pick<RemovalSchedule, "gapMs" | "sweepEveryMs">;
}): RemovalSweeper {
  const { db, io, counts, log } = options;
  const { gapMs, sweepEveryMs } = options.schedule;
  /** `kind:id` → its timer, or null while its removal runs. */
  const timers = new Map<string, NodeJS.Timeout | null>();
  const underWay = new Set<Promise<void>>();
  let isStopped = false;
  let looking = false;
  let lookAgain = false;
  let notBefore = 0;

  const track = (work: () => Promise<void>): void => {
    const running = work().catch((error: unknown) => log.warn({ err: error }, "a wall removal sweep failed"));
    underWay.add(running);
    void running.finally(() => underWay.delete(running));
  };
  const arm = (item: DueItem, key: string, delayMs: number): void => {
    const timer = setTimeout(() => track(() => fire(item, key)), delayMs);
    timer.unref();
    timers.set(key, timer);
  };
  const fire = async (item: DueItem, key: string): Promise<void> => {
    if (isStopped) return;
    const wait = notBefore - Date.now();
    if (wait > 0) return arm(item, key, wait);
    notBefore = Date.now() + gapMs;
    timers.set(key, null);
    try {
      await removeAndTell(item);
    } finally {
      timers.delete(key);
    }
  };
  const removeAndTell = async (item: DueItem): Promise<void> => {
    const room = io.to(CONFESSIONS_ROOM);
    if (item.kind === "confession") {
      const [row] = await db
        .delete(confessions)
        .where(and(eq(confessions.id, item.id), isNotNull(confessions.removalDueAt)))
        .returning({ id: confessions.id });
      if (row) room.emit("confession_removed", { id: row.id });
    } else if (item.kind === "comment") {
      const [row] = await db
        .delete(confessionComments)
        .where(and(eq(confessionComments.id, item.id), isNotNull(confessionComments.removalDueAt)))
        .returning({ confessionId: confessionComments.confessionId });
      if (!row) return;
      room.emit("confession_comment_removed", { confessionId: row.confessionId, commentId: item.id });
      counts.changed(row.confessionId);
    } else {
      const [row] = await db
        .delete(confessionDepartingReactions)
        .where(eq(confessionDepartingReactions.id, item.id))
        .returning({ confessionId: confessionDepartingReactions.confessionId });
      if (row) counts.changed(row.confessionId);
    }
  };
  const sweep = async (): Promise<void> => {
    const missed: Record<Kind, string[]> = { confession: [], comment: [], reaction: [] };
    for (const item of await dueWithin(db, 2 * sweepEveryMs)) {
      const key = `${item.kind}:${item.id}`;
      if (timers.has(key)) continue;
      if (item.inMs < -sweepEveryMs) missed[item.kind].push(item.id);
      else arm(item, key, Math.max(0, item.inMs));
    }
    await removeUntold(db, missed, sweepEveryMs);
  };
  const lookAhead = (): void => {
    if (isStopped) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = true;
    track(async () => {
      try {
        await sweep();
      } finally {
        looking = false;
        if (lookAgain) {
          lookAgain = false;
          lookAhead();
        }
      }
    });
  };

  const interval = setInterval(lookAhead, sweepEveryMs);
  interval.unref();
  lookAhead();
  return {
    deletionCommitted() {
      notBefore = Math.max(notBefore, Date.now() + gapMs);
      lookAhead();
    },
    async stop() {
      isStopped = true;
      clearInterval(interval);
      for (const timer of timers.values()) if (timer) clearTimeout(timer);
      await Promise.allSettled([...underWay]);
    },
  };
}

function dueWithin(db: Database, horizonMs: number): Promise<DueItem[]> {
  const inMs = (dueAt: AnyPgColumn) =>
    sql<number>`extract(epoch from (${dueAt} - now())) * 1000`.mapWith(Number).as("in_ms");
  const soon = (dueAt: AnyPgColumn): SQL =>
    lte(dueAt, sql`now() + ${horizonMs}::int * interval '1 millisecond'`) as SQL;
  return db
    .select({
      kind: sql<Kind>`'confession'::text`.as("kind"),
      id: confessions.id,
      inMs: inMs(confessions.removalDueAt),
    })
    .from(confessions)
    .where(soon(confessions.removalDueAt))
    .unionAll(
      db
        .select({
          kind: sql<Kind>`'comment'::text`.as("kind"),
          id: confessionComments.id,
          inMs: inMs(confessionComments.removalDueAt),
        })
        .from(confessionComments)
        .where(soon(confessionComments.removalDueAt)),
    )
    .unionAll(
      db
        .select({
          kind: sql<Kind>`'reaction'::text`.as("kind"),
          id: confessionDepartingReactions.id,
          inMs: inMs(confessionDepartingReactions.removalDueAt),
        })
        .from(confessionDepartingReactions)
        .where(soon(confessionDepartingReactions.removalDueAt)),
    );
}

/** The items no node was up for: gone from every read long since, deleted without a word. */
async function removeUntold(db: Database, missed: Record<Kind, string[]>, graceMs: number): Promise<void> {
  const past = (dueAt: AnyPgColumn): SQL =>
    lte(dueAt, sql`now() - ${graceMs}::int * interval '1 millisecond'`) as SQL;
  if (missed.confession.length > 0)
    await db
      .delete(confessions)
      .where(and(inArray(confessions.id, missed.confession), past(confessions.removalDueAt)));
  if (missed.comment.length > 0)
    await db
      .delete(confessionComments)
      .where(and(inArray(confessionComments.id, missed.comment), past(confessionComments.removalDueAt)));
  if (missed.reaction.length > 0)
    await db
      .delete(confessionDepartingReactions)
      .where(
        and(
          inArray(confessionDepartingReactions.id, missed.reaction),
          past(confessionDepartingReactions.removalDueAt),
        ),
      );
}

import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";

export interface LastActiveDeps {
  db: Database;
  log: FastifyBaseLogger;
}

/** Users written per statement (two parameters each, far below PostgreSQL's 65,535). */
const WRITE_BATCH = 1_000;

/**
 * Every `lastActive` due at once in one statement per `WRITE_BATCH` users (a reconnect storm makes
 * thousands due together, bench B4). Best effort: a failed write is logged and changes nothing else.
 */
async function writeLastActive(deps: LastActiveDeps, entries: ReadonlyArray<[string, Date]>): Promise<void> {
  for (let start = 0; start < entries.length; start += WRITE_BATCH) {
    const rows = entries
      .slice(start, start + WRITE_BATCH)
      .map(([userId, at]) => sql`(${userId}, ${at.toISOString()}::timestamptz)`);
    await deps.db
      .execute(
        sql`update ${user} set ${sql.identifier(user.lastActive.name)} = v.at
            from (values ${sql.join(rows, sql`, `)}) as v(id, at)
            where ${user.id} = v.id`,
      )
      .catch((error: unknown) => deps.log.warn({ err: error }, "could not record last active"));
  }
}

/**
 * A closed socket's `lastActive` waits this long: a user back by then (a reload, a reconnect storm)
 * needs no write — while any socket is open they show as online and `lastActive` is not shown.
 */
export const LAST_ACTIVE_DELAY_MS = 1_500;

/**
 * A `lastActive` this node wrote this recently is not written again: its readers show minutes ("last
 * active 5 min ago") and the recently active query a 7-day window (spec §7, §9).
 */
export const LAST_ACTIVE_RESOLUTION_MS = 60_000;

export interface LastActiveRecorder {
  /** A socket of signed-in `userId` closed. */
  left(userId: string): void;
  /** A socket of signed-in `userId` connected: a write still waiting for them is not needed. */
  returned(userId: string): void;
  /** Writes everything still waiting (shutdown). */
  flush(): Promise<void>;
}

/**
 * spec §3 `lastActive`: when a signed-in user was last seen, the moment a socket of theirs closed
 * (while any socket is open they show as online, so that moment is the one a friends list needs).
 * Written `LAST_ACTIVE_DELAY_MS` after the close unless they came back meanwhile, and not when this
 * node wrote it within `LAST_ACTIVE_RESOLUTION_MS`: a reconnection costs no write (bench B4).
 */
export function createLastActiveRecorder(
  deps: LastActiveDeps,
  clock: () => number = Date.now,
): LastActiveRecorder {
  /** User id → when their socket closed; insertion order is time order (re-inserted on update). */
  const waiting = new Map<string, number>();
  /** User id → when this node last wrote it; insertion order is time order (never updated). */
  const writtenAt = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  /** Of `due` (user id, closed at), those this node did not write lately, written in one go. */
  const write = (due: ReadonlyArray<[string, number]>, now: number): Promise<void> => {
    for (const [id, writtenWhen] of writtenAt) {
      if (writtenWhen > now - LAST_ACTIVE_RESOLUTION_MS) break;
      writtenAt.delete(id);
    }
    const entries: Array<[string, Date]> = [];
    for (const [userId, at] of due) {
      if (writtenAt.has(userId)) continue;
      writtenAt.set(userId, now);
      entries.push([userId, new Date(at)]);
    }
    return entries.length > 0 ? writeLastActive(deps, entries) : Promise.resolve();
  };
  const writeDue = (): void => {
    timer = undefined;
    const now = clock();
    const due: Array<[string, number]> = [];
    for (const [userId, at] of waiting) {
      if (at > now - LAST_ACTIVE_DELAY_MS) break;
      waiting.delete(userId);
      due.push([userId, at]);
    }
    void write(due, now);
    schedule();
  };
  const schedule = (): void => {
    const [first] = waiting.values();
    if (timer || first === undefined) return;
    timer = setTimeout(writeDue, Math.max(0, first + LAST_ACTIVE_DELAY_MS - clock()));
    timer.unref();
  };

  return {
    left(userId) {
      waiting.delete(userId);
      waiting.set(userId, clock());
      schedule();
    },
    returned(userId) {
      waiting.delete(userId);
    },
    async flush() {
      clearTimeout(timer);
      timer = undefined;
      const now = clock();
      const due = [...waiting];
      waiting.clear();
      await write(due, now);
    },
  };
}

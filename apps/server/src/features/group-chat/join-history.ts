import { GROUP_HISTORY_PAGE_SIZE, type GroupHistoryPage } from "@heartline/shared";
import type { Database } from "../../db/create-database";
import { readGroupHistory } from "./group-history";

interface Reads {
  running: Promise<GroupHistoryPage> | undefined;
  queued: Promise<GroupHistoryPage> | undefined;
}

const readsByDatabase = new WeakMap<Database, Reads>();

/**
 * The latest history page for a join ack. Joins arriving together share one read (a room filling with
 * 2,000 people read the same rows 2,000 times, bench B1): with a read running, callers wait for the one
 * queued after it, which starts once they are all in the room, so whatever was stored before it is in
 * the page and whatever after is broadcast to them. Call only once the socket is in the room.
 */
export function readJoinHistory(db: Database): Promise<GroupHistoryPage> {
  let reads = readsByDatabase.get(db);
  if (!reads) {
    reads = { running: undefined, queued: undefined };
    readsByDatabase.set(db, reads);
  }
  const state = reads;
  if (!state.running) return run(db, state);
  state.queued ??= state.running
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      state.queued = undefined;
      return run(db, state);
    });
  return state.queued;
}

function run(db: Database, state: Reads): Promise<GroupHistoryPage> {
  const page = readGroupHistory({ db, query: { limit: GROUP_HISTORY_PAGE_SIZE } }).finally(() => {
    if (state.running === page) state.running = undefined;
  });
  state.running = page;
  return page;
}

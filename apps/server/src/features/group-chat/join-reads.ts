import type { GroupHistoryPage, MutedUserRecord } from "@heartline/shared";
import { GROUP_HISTORY_PAGE_SIZE } from "@heartline/shared";
import type { GroupChatDeps } from "./group-chat-deps";
import { readGroupHistory } from "./group-history";

/** One read running and at most one queued after it, shared by every caller that came meanwhile. */
class SharedRead<T> {
  private running: Promise<T> | undefined;
  private queued: Promise<T> | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  /**
   * With a read running, callers wait for the one queued after it, which starts once they are all in
   * the room: whatever was stored before it is in its answer, whatever after is pushed to them.
   */
  get(): Promise<T> {
    if (!this.running) return this.run();
    this.queued ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = undefined;
        return this.run();
      });
    return this.queued;
  }

  private run(): Promise<T> {
    const result = this.read().finally(() => {
      if (this.running === result) this.running = undefined;
    });
    this.running = result;
    return result;
  }
}

interface JoinReads {
  history: SharedRead<GroupHistoryPage>;
  mutedUsers: SharedRead<MutedUserRecord[]>;
}

const readsByDeps = new WeakMap<GroupChatDeps, JoinReads>();

/**
 * What join acks carry and is the same for everyone who gets it: the latest history page, and the
 * muted list (admins' joins only).
 * Joins arriving together share one read of each (a room filling with 2,000 people read the same rows
 * 2,000 times, bench B1). Call only once the socket is in the room.
 */
export function joinReads(deps: GroupChatDeps): JoinReads {
  let reads = readsByDeps.get(deps);
  if (!reads) {
    reads = {
      history: new SharedRead(() =>
        readGroupHistory({ db: deps.db, query: { limit: GROUP_HISTORY_PAGE_SIZE } }),
      ),
      mutedUsers: new SharedRead(() => deps.moderation.listMutedUsers()),
    };
    readsByDeps.set(deps, reads);
  }
  return reads;
}

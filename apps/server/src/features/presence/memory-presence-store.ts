import type { PresenceStore } from "./presence-store";

/** One process, no Redis: this node's sockets are everyone. */
export class MemoryPresenceStore implements PresenceStore {
  readonly isShared = false;

  async publishLocalCount(_count: number): Promise<void> {
    // Nothing to share: `totalCount` always receives the fresh local count.
  }

  async totalCount(localCount: number): Promise<number> {
    return localCount;
  }

  async close(): Promise<void> {
    // Nothing held.
  }
}

import { sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { userDevices } from "../../db/schema";

interface Pending {
  userId: string;
  deviceId: string;
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

/**
 * The browsers a user was seen with are what a later ban covers (a new guest from the same browser,
 * spec §4 Bans). Every join in the same event-loop turn records its browser in one upsert (a reconnect
 * storm rejoins hundreds at once, bench B4); each join still waits for that commit before its ack.
 */
export class DeviceRecords {
  private pending = new Map<string, Pending>();
  private isScheduled = false;

  constructor(private readonly db: Database) {}

  /** Resolves once `userId` seen with `deviceId` (now) is committed. */
  record(userId: string, deviceId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      // One row per pair and statement: an upsert cannot touch the same row twice.
      const key = `${userId}\n${deviceId}`;
      const entry = this.pending.get(key) ?? { userId, deviceId, waiters: [] };
      entry.waiters.push({ resolve, reject });
      this.pending.set(key, entry);
      if (this.isScheduled) return;
      this.isScheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.isScheduled = false;
    this.write(batch).catch((error: unknown) => {
      if (batch.length === 1) {
        for (const waiter of batch[0]?.waiters ?? []) waiter.reject(error);
        return;
      }
      // One bad row (a user deleted meanwhile) must not fail the others: each is tried on its own.
      for (const entry of batch) {
        this.write([entry]).catch((single: unknown) => {
          for (const waiter of entry.waiters) waiter.reject(single);
        });
      }
    });
  }

  private async write(batch: Pending[]): Promise<void> {
    await this.db
      .insert(userDevices)
      .values(batch.map(({ userId, deviceId }) => ({ userId, deviceId })))
      .onConflictDoUpdate({
        target: [userDevices.userId, userDevices.deviceId],
        set: { lastSeenAt: sql`now()` },
      });
    for (const entry of batch) for (const waiter of entry.waiters) waiter.resolve();
  }
}

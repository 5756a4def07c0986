import { sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { userDevices } from "../../db/schema";
import { TurnBatch } from "../../lib/turn-batch";

interface Pending {
  userId: string;
  deviceId: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The browsers a user was seen with are what a later ban covers (a new guest from the same browser,
 * spec §4 Bans). Every join in the same event-loop turn records its browser in one upsert (a reconnect
 * storm rejoins hundreds at once, bench B4); each join still waits for that commit before its ack.
 */
export class DeviceRecords {
  private readonly batch = new TurnBatch<Pending>({
    write: (batch) => this.write(batch),
    fail: (entry, error) => entry.reject(error),
  });

  constructor(private readonly db: Database) {}

  /** Resolves once `userId` seen with `deviceId` (now) is committed. */
  record(userId: string, deviceId: string): Promise<void> {
    return new Promise((resolve, reject) => this.batch.add({ userId, deviceId, resolve, reject }));
  }

  private async write(batch: Pending[]): Promise<void> {
    // One row per pair and statement: an upsert cannot touch the same row twice.
    const rows = new Map(
      batch.map(({ userId, deviceId }) => [`${userId}\n${deviceId}`, { userId, deviceId }]),
    );
    await this.db
      .insert(userDevices)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [userDevices.userId, userDevices.deviceId],
        set: { lastSeenAt: sql`now()` },
      });
    for (const entry of batch) entry.resolve();
  }
}

import type { RedisClient } from "../../lib/redis-client";
import type { PresenceStore } from "./presence-store";

/**
 * Presence across nodes: each node writes its local count to its own key with a TTL, so a node
 * that dies stops counting within NODE_TTL_SECONDS. The node ids sit in a set, so reading the total
 * costs one SMEMBERS and one MGET instead of a SCAN over the whole keyspace.
 */

export const PRESENCE_KEY_PREFIX = "heartline:presence";
export const NODE_TTL_SECONDS = 30;

export class RedisPresenceStore implements PresenceStore {
  readonly isShared = true;
  private readonly nodesKey = `${PRESENCE_KEY_PREFIX}:nodes`;
  private readonly ownKey: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly nodeId: string,
  ) {
    this.ownKey = this.nodeKey(nodeId);
  }

  async publishLocalCount(count: number): Promise<void> {
    await this.redis
      .multi()
      .set(this.ownKey, String(count), { expiration: { type: "EX", value: NODE_TTL_SECONDS } })
      .sAdd(this.nodesKey, this.nodeId)
      .exec();
  }

  async totalCount(localCount: number): Promise<number> {
    const otherIds = (await this.redis.sMembers(this.nodesKey)).filter((id) => id !== this.nodeId);
    if (otherIds.length === 0) return localCount;
    const values = await this.redis.mGet(otherIds.map((id) => this.nodeKey(id)));
    let total = localCount;
    const expiredIds: string[] = [];
    values.forEach((value, index) => {
      const count = value === null ? Number.NaN : Number(value);
      if (Number.isFinite(count) && count > 0) total += count;
      const id = otherIds[index];
      if (value === null && id !== undefined) expiredIds.push(id);
    });
    if (expiredIds.length > 0) await this.redis.sRem(this.nodesKey, expiredIds);
    return total;
  }

  async close(): Promise<void> {
    await this.redis.multi().del(this.ownKey).sRem(this.nodesKey, this.nodeId).exec();
  }

  private nodeKey(nodeId: string): string {
    return `${PRESENCE_KEY_PREFIX}:node:${nodeId}`;
  }
}

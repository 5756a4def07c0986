import type { ChatMessage } from "@heartline/shared";
import type { RedisClient } from "../../lib/redis-client";
import type { WaitingEntry } from "./match-queue";
import type { AddMessageResult, Pair, PairStore } from "./pair-store";
import {
  ADD_MESSAGE_SCRIPT,
  CLAIM_OFFER_SCRIPT,
  CREATE_PAIR_SCRIPT,
  END_PAIR_SCRIPT,
  UNWATCH_SCRIPT,
  WATCH_SCRIPT,
} from "./redis-pair-scripts";

/**
 * Random-chat pairs shared by every node (ARCHITECTURE §3 `REDIS_URL`). Keys under `heartline:rc`:
 *   pair:{roomId}      the live pair (JSON)           user:{userId}  the same JSON, per human member
 *   messages:{roomId}  the latest messages (list)     seen:{roomId}  every message id → first timestamp
 *   ended:{roomId}     { pair, expiresAt } after end  last:{userId}  the same, per human member
 *   watch              hash userId → { entry, expiresAt }            offers:{userId}  person ids offered
 * Everything carries a TTL, so a node that crashes mid-chat leaks nothing for long: a live pair lasts
 * at most LIVE_PAIR_TTL_MS, an ended one `keepMs`. Expiry decisions use `clock` (like
 * MemoryPairStore); Redis TTLs only collect the garbage.
 */

export const PAIR_KEY_PREFIX = "heartline:rc";
/** A random chat longer than a day is not a real one; its keys go. */
export const LIVE_PAIR_TTL_MS = 24 * 60 * 60_000;

export interface RedisPairStoreOptions {
  redis: RedisClient;
  keyPrefix?: string;
  clock?: () => number;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

export class RedisPairStore implements PairStore {
  private readonly redis: RedisClient;
  private readonly prefix: string;
  private readonly clock: () => number;
  private readonly watchKey: string;

  constructor(options: RedisPairStoreOptions) {
    this.redis = options.redis;
    this.prefix = options.keyPrefix ?? PAIR_KEY_PREFIX;
    this.clock = options.clock ?? Date.now;
    this.watchKey = `${this.prefix}:watch`;
  }

  async create(pair: Pair): Promise<boolean> {
    const keys = [this.key("pair", pair.roomId), ...humanIds(pair).map((id) => this.key("user", id))];
    const reply = await CREATE_PAIR_SCRIPT.run(this.redis, keys, [
      JSON.stringify(pair),
      String(LIVE_PAIR_TTL_MS),
    ]);
    return reply === 1;
  }

  async byUser(userId: string): Promise<Pair | null> {
    return parsePair(await this.redis.get(this.key("user", userId)));
  }

  async get(roomId: string): Promise<Pair | null> {
    return parsePair(await this.redis.get(this.key("pair", roomId)));
  }

  async end(roomId: string, keepMs: number): Promise<Pair | null> {
    const pair = await this.get(roomId);
    if (!pair) return null;
    const keys = [
      this.key("pair", roomId),
      this.key("messages", roomId),
      this.key("seen", roomId),
      this.key("ended", roomId),
      ...humanIds(pair).flatMap((id) => [this.key("user", id), this.key("last", id)]),
    ];
    const record: Expiring<Pair> = { value: pair, expiresAt: this.clock() + keepMs };
    // Redis refuses a TTL of 0; a pair kept for no time is still gone on the next read (expiresAt).
    const ttl = String(Math.max(1, Math.ceil(keepMs)));
    const reply = await END_PAIR_SCRIPT.run(this.redis, keys, [JSON.stringify(record), ttl]);
    return typeof reply === "string" ? pair : null;
  }

  async lastEnded(userId: string): Promise<Pair | null> {
    return this.unexpired(await this.redis.get(this.key("last", userId)));
  }

  async addMessage(roomId: string, message: ChatMessage, keep: number): Promise<AddMessageResult | null> {
    const keys = [this.key("pair", roomId), this.key("messages", roomId), this.key("seen", roomId)];
    const reply = await ADD_MESSAGE_SCRIPT.run(this.redis, keys, [
      JSON.stringify(message),
      message.id,
      String(message.timestamp),
      String(Math.max(1, keep)),
    ]);
    if (!Array.isArray(reply)) return null;
    const [isNew, timestamp] = reply;
    return { isNew: isNew === 1, timestamp: Number(timestamp) };
  }

  async firstSeen(roomId: string, messageId: string): Promise<number | null> {
    const first = await this.redis.hGet(this.key("seen", roomId), messageId);
    return typeof first === "string" ? Number(first) : null;
  }

  async messages(roomId: string): Promise<ChatMessage[]> {
    const [isLive, ended, messages] = await this.redis
      .multi()
      .exists(this.key("pair", roomId))
      .get(this.key("ended", roomId))
      .lRange(this.key("messages", roomId), 0, -1)
      .exec();
    if (Number(isLive) !== 1 && !this.unexpired(typeof ended === "string" ? ended : null)) return [];
    return Array.isArray(messages) ? messages.map((json) => JSON.parse(String(json)) as ChatMessage) : [];
  }

  async watch(entry: WaitingEntry): Promise<void> {
    const record: Expiring<WaitingEntry> = { value: entry, expiresAt: this.clock() + LIVE_PAIR_TTL_MS };
    await WATCH_SCRIPT.run(
      this.redis,
      [this.watchKey, this.key("offers", entry.id)],
      [entry.id, JSON.stringify(record), String(LIVE_PAIR_TTL_MS)],
    );
  }

  async unwatch(userId: string): Promise<WaitingEntry | null> {
    const reply = await UNWATCH_SCRIPT.run(this.redis, [this.watchKey, this.key("offers", userId)], [userId]);
    return typeof reply === "string" ? (JSON.parse(reply) as Expiring<WaitingEntry>).value : null;
  }

  async watching(): Promise<WaitingEntry[]> {
    const all = await this.redis.hGetAll(this.watchKey);
    const now = this.clock();
    const entries: WaitingEntry[] = [];
    const expired: string[] = [];
    for (const [userId, json] of Object.entries(all)) {
      const record = JSON.parse(json) as Expiring<WaitingEntry>;
      if (record.expiresAt > now) entries.push(record.value);
      else expired.push(userId);
    }
    // Watchers whose node died without ending their AI chat.
    if (expired.length > 0) await this.redis.hDel(this.watchKey, expired);
    return entries.sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async claimOffer(watcherId: string, personId: string): Promise<boolean> {
    const reply = await CLAIM_OFFER_SCRIPT.run(
      this.redis,
      [this.watchKey, this.key("offers", watcherId)],
      [watcherId, personId, String(LIVE_PAIR_TTL_MS)],
    );
    return reply === 1;
  }

  /** The client belongs to the app (plugins/redis.ts) and the pairs to every node: nothing to release. */
  async close(): Promise<void> {}

  private key(kind: string, id: string): string {
    return `${this.prefix}:${kind}:${id}`;
  }

  private unexpired(json: string | null): Pair | null {
    if (json === null) return null;
    const record = JSON.parse(json) as Expiring<Pair>;
    return record.expiresAt > this.clock() ? record.value : null;
  }
}

function humanIds(pair: Pair): string[] {
  return pair.members.filter((member) => !member.isAI).map((member) => member.userId);
}

function parsePair(json: string | null): Pair | null {
  return json === null ? null : (JSON.parse(json) as Pair);
}

import { GENDERS, LANGUAGE_CODES, LANGUAGE_PRIORITY_WINDOW_MS, PREFERENCES } from "@heartline/shared";
import { z } from "zod";
import type { RedisClient } from "../../lib/redis-client";
import type { MatchQueue, WaitingEntry } from "./match-queue";
import {
  BUCKETS,
  EXCLUDE_SCRIPT,
  IS_EXCLUDED_SCRIPT,
  JOIN_SCRIPT,
  LEAVE_SCRIPT,
  LONG_WAITS_SCRIPT,
  SWEEP_SCRIPT,
} from "./redis-match-scripts";

/**
 * The random-chat waiting line shared by every node (ARCHITECTURE §3 `REDIS_URL`). Pairing, leaving,
 * excluding and sweeping are each one Lua script (`redis-match-scripts.ts`), so they are atomic across
 * nodes: a waiting person is handed to exactly one joiner.
 */

export const MATCH_KEY_PREFIX = "heartline:rc";
/**
 * Ended exclusions one sweep call takes at most (issue #16: the once-a-second sweep bounded per call).
 * At 1,000 pairs a second about 2,000 end each second (both directions): a few calls, none long.
 */
export const SWEEP_BATCH = 256;

export interface RedisMatchQueueOptions {
  redis: RedisClient;
  /** Namespace of every key (tests use their own). */
  keyPrefix?: string;
  /** The clock exclusions expire by; the same one the callers take `now` from. */
  clock?: () => number;
}

const waitingEntrySchema = z.object({
  id: z.string(),
  gender: z.enum(GENDERS),
  preference: z.enum(PREFERENCES),
  interests: z.array(z.string()),
  // Absent in an entry a node without languages wrote (a rolling deploy): none given.
  languages: z.array(z.enum(LANGUAGE_CODES)).optional(),
  joinedAt: z.number(),
  socketId: z.string(),
  allowAI: z.boolean(),
  nodeId: z.string().optional(),
});

/** Lone UTF-16 surrogates cannot cross Lua's JSON decoder; they are replaced like a UTF-8 decoder would. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export class RedisMatchQueue implements MatchQueue {
  private readonly redis: RedisClient;
  private readonly keys: string[];
  private readonly entriesKey: string;
  private readonly prefix: string;
  private readonly clock: () => number;

  constructor(options: RedisMatchQueueOptions) {
    const prefix = options.keyPrefix ?? MATCH_KEY_PREFIX;
    this.redis = options.redis;
    this.clock = options.clock ?? Date.now;
    this.keys = matchQueueKeys(prefix);
    this.entriesKey = `${prefix}:entries`;
    this.prefix = prefix;
  }

  async joinOrMatch(entry: WaitingEntry, now: number): Promise<WaitingEntry | null> {
    const reply = await JOIN_SCRIPT.run(this.redis, this.keys, [
      serializeEntry(entry),
      String(entry.joinedAt),
      String(now),
    ]);
    return reply === null ? null : parseEntry(reply);
  }

  async leave(userId: string): Promise<boolean> {
    return (await LEAVE_SCRIPT.run(this.redis, this.keys, [userId])) === 1;
  }

  async get(userId: string): Promise<WaitingEntry | null> {
    const json = await this.redis.hGet(this.entriesKey, userId);
    return json === null || json === undefined ? null : parseEntry(json);
  }

  async exclude(a: string, b: string, ttlMs: number): Promise<void> {
    await EXCLUDE_SCRIPT.run(this.redis, this.keys, [a, b, String(this.clock() + ttlMs)]);
  }

  async isExcluded(a: string, b: string, now: number): Promise<boolean> {
    return (await IS_EXCLUDED_SCRIPT.run(this.redis, this.keys, [a, b, String(now)])) === 1;
  }

  /** Drains the ended exclusions and ended language holds in bounded script calls (`SWEEP_BATCH` each), so Redis serves others between them. */
  async sweep(now: number): Promise<Array<[WaitingEntry, WaitingEntry]>> {
    const pairs: Array<[WaitingEntry, WaitingEntry]> = [];
    for (let more = true; more; ) {
      const reply = await SWEEP_SCRIPT.run(this.redis, this.keys, [
        String(now),
        String(SWEEP_BATCH),
        String(now - LANGUAGE_PRIORITY_WINDOW_MS),
      ]);
      if (!Array.isArray(reply)) throw new Error("unexpected sweep reply from Redis");
      more = reply[0] === 1;
      for (let index = 1; index + 1 < reply.length; index += 2) {
        pairs.push([parseEntry(reply[index]), parseEntry(reply[index + 1])]);
      }
    }
    return pairs;
  }

  async size(): Promise<number> {
    return this.redis.hLen(this.entriesKey);
  }

  async waiting(): Promise<WaitingEntry[]> {
    const all = await this.redis.hVals(this.entriesKey);
    return all
      .map(parseEntry)
      .sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async longWaits(nodeId: string, joinedBefore: number, limit: number): Promise<WaitingEntry[]> {
    const reply = await LONG_WAITS_SCRIPT.run(this.redis, this.keys, [
      nodeId,
      String(joinedBefore),
      String(limit),
    ]);
    if (!Array.isArray(reply)) throw new Error("unexpected long-waits reply from Redis");
    return reply.map(parseEntry);
  }

  async heartbeat(nodeId: string, ttlMs: number): Promise<void> {
    await this.redis.set(heartbeatKey(this.prefix, nodeId), "1", { PX: ttlMs });
  }

  /** The client belongs to the app (plugins/redis.ts) and the line to every node: nothing to release. */
  async close(): Promise<void> {}
}

/** The KEYS of every match script, in the order `redis-match-scripts.ts` documents. */
export function matchQueueKeys(prefix: string): string[] {
  return [
    `${prefix}:line`,
    `${prefix}:entries`,
    `${prefix}:excluded`,
    ...BUCKETS.map(({ gender, preference }) => `${prefix}:bucket:${gender}:${preference}`),
  ];
}

/** The key that says node `nodeId` is alive while it exists (the match scripts read it by name). */
export function heartbeatKey(prefix: string, nodeId: string): string {
  return `${prefix}:node:${nodeId}`;
}

export function serializeEntry(entry: WaitingEntry): string {
  return JSON.stringify({
    id: entry.id,
    gender: entry.gender,
    preference: entry.preference,
    interests: entry.interests.map((interest) => interest.replace(LONE_SURROGATE, "\uFFFD")),
    languages: entry.languages,
    joinedAt: entry.joinedAt,
    socketId: entry.socketId,
    allowAI: entry.allowAI,
    nodeId: entry.nodeId,
  });
}

export function parseEntry(json: unknown): WaitingEntry {
  if (typeof json !== "string") throw new Error("unexpected waiting entry reply from Redis");
  return waitingEntrySchema.parse(JSON.parse(json));
}

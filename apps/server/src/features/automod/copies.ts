import { AUTOMOD_COPIES } from "@heartline/shared";
import type { RedisClient } from "../../lib/redis-client";

/** What one new account's copy of a text tells (issue #15: the same text from many new accounts). */
export interface CopySighting {
  /** Distinct new accounts that had sent this text in the window before this copy (the sender too). */
  sendersBefore: number;
  /** True for exactly one copy past the limit per window (the one that files the flag). */
  firstPastLimit: boolean;
}

/** Distinct new senders per near-duplicate fingerprint, in a window shared by every node. */
export interface CopyCounter {
  sight(fingerprint: string, senderId: string): Promise<CopySighting>;
}

const WINDOW_SECONDS = AUTOMOD_COPIES.windowMinutes * 60;
/** The memory store keeps this many fingerprints (the oldest go first) and this many senders each. */
const MEMORY_FINGERPRINTS_MAX = 5_000;
const MEMORY_SENDERS_MAX = 64;

/** Redis: a set of sender ids per fingerprint living one window from its first sender; a flag key once. */
export function redisCopyCounter(redis: RedisClient): CopyCounter {
  return {
    async sight(fingerprint, senderId) {
      const key = `heartline:automod:copies:${fingerprint}`;
      const [added, size] = (await redis
        .multi()
        .sAdd(key, senderId)
        .sCard(key)
        .expire(key, WINDOW_SECONDS, "NX")
        .exec()) as unknown as [number, number, number];
      const sendersBefore = size - added;
      if (sendersBefore < AUTOMOD_COPIES.senders) return { sendersBefore, firstPastLimit: false };
      const flagged = await redis.set(`${key}:flagged`, "1", {
        condition: "NX",
        expiration: { type: "EX", value: WINDOW_SECONDS },
      });
      return { sendersBefore, firstPastLimit: flagged === "OK" };
    },
  };
}

interface MemoryEntry {
  endsAt: number;
  senders: Set<string>;
  flagged: boolean;
}

/** One process: a bounded map in insertion order (the oldest fingerprint is dropped first). */
export function memoryCopyCounter(clock: () => number): CopyCounter {
  const entries = new Map<string, MemoryEntry>();
  return {
    async sight(fingerprint, senderId) {
      const now = clock();
      let entry = entries.get(fingerprint);
      if (!entry || entry.endsAt <= now) {
        entries.delete(fingerprint);
        if (entries.size >= MEMORY_FINGERPRINTS_MAX) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entry = { endsAt: now + WINDOW_SECONDS * 1_000, senders: new Set(), flagged: false };
        entries.set(fingerprint, entry);
      }
      const sendersBefore = entry.senders.size;
      if (entry.senders.size < MEMORY_SENDERS_MAX) entry.senders.add(senderId);
      if (sendersBefore < AUTOMOD_COPIES.senders) return { sendersBefore, firstPastLimit: false };
      const firstPastLimit = !entry.flagged;
      entry.flagged = true;
      return { sendersBefore, firstPastLimit };
    },
  };
}

import { LANGUAGE_PRIORITY_WINDOW_MS } from "@heartline/shared";
import type { MatchQueue, WaitingEntry } from "./match-queue";
import { byWait, WaitingIndex } from "./waiting-index";

export interface MemoryMatchQueueOptions {
  /** Milliseconds since epoch; exclusions start at `clock()` (tests pass a virtual clock). */
  clock?: () => number;
}

/**
 * The waiting line of one process (no Redis). Same rules as `RedisMatchQueue`: the partner is the one
 * `choosePartner` picks, read from an index of the line by gender, preference, language and interest
 * (`WaitingIndex`, issue #35) instead of a scan of everyone waiting.
 */
export class MemoryMatchQueue implements MatchQueue {
  private readonly clock: () => number;
  private readonly entries = new Map<string, WaitingEntry>();
  private readonly index = new WaitingIndex<WaitingEntry>();
  /** Each person's exclusions, both directions: the other's id → when the exclusion ends. */
  private readonly exclusions = new Map<string, Map<string, number>>();
  /** Joins at or before this were already tried by a sweep once their language hold ended. */
  private holdSweptTo = Number.NEGATIVE_INFINITY;

  constructor(options: MemoryMatchQueueOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  async joinOrMatch(entry: WaitingEntry, now: number): Promise<WaitingEntry | null> {
    // A second join of the same person replaces their entry: nobody waits twice.
    this.take(entry.id);
    const partner = this.index.choose(entry, now, this.excludedAtFor(now));
    if (partner) return this.take(partner.id);
    this.entries.set(entry.id, entry);
    this.index.add(entry);
    return null;
  }

  async leave(userId: string): Promise<boolean> {
    return this.take(userId) !== null;
  }

  async get(userId: string): Promise<WaitingEntry | null> {
    return this.entries.get(userId) ?? null;
  }

  async exclude(a: string, b: string, ttlMs: number): Promise<void> {
    const until = this.clock() + ttlMs;
    this.excludeOneWay(a, b, until);
    this.excludeOneWay(b, a, until);
  }

  async isExcluded(a: string, b: string, now: number): Promise<boolean> {
    return this.excludedAt(a, b, now);
  }

  async sweep(now: number): Promise<Array<[WaitingEntry, WaitingEntry]>> {
    // After every join no two people acceptable to each other wait, so only two kinds can have become
    // matchable: people whose exclusion just ended, and people with languages whose wait just crossed
    // LANGUAGE_PRIORITY_WINDOW_MS (their language hold ended). Those are the only joiners worth trying.
    const freed = new Set<string>();
    for (const [id, others] of this.exclusions) {
      for (const [other, until] of others) {
        if (until > now) continue;
        others.delete(other);
        // Both directions are stored: the other's own map frees the other.
        freed.add(id);
      }
      if (others.size === 0) this.exclusions.delete(id);
    }
    const holdEnd = now - LANGUAGE_PRIORITY_WINDOW_MS;
    if (holdEnd > this.holdSweptTo) {
      for (const entry of this.index.oldestFirst()) {
        if (entry.joinedAt > holdEnd) break;
        if (entry.joinedAt > this.holdSweptTo && entry.languages?.length) freed.add(entry.id);
      }
      this.holdSweptTo = holdEnd;
    }
    if (freed.size === 0) return [];
    const joiners = [...freed]
      .map((id) => this.entries.get(id))
      .filter((entry): entry is WaitingEntry => entry !== undefined)
      .sort(byWait);
    const pairs: Array<[WaitingEntry, WaitingEntry]> = [];
    const isExcluded = this.excludedAtFor(now);
    for (const joiner of joiners) {
      if (!this.entries.has(joiner.id)) continue;
      const partner = this.index.choose(joiner, now, isExcluded);
      const taken = partner ? this.take(partner.id) : null;
      if (!taken) continue;
      this.take(joiner.id);
      pairs.push([joiner, taken]);
    }
    return pairs;
  }

  async size(): Promise<number> {
    return this.entries.size;
  }

  async waiting(): Promise<WaitingEntry[]> {
    return [...this.index.oldestFirst()];
  }

  async longWaits(nodeId: string, joinedBefore: number, limit: number): Promise<WaitingEntry[]> {
    const found: WaitingEntry[] = [];
    for (const entry of this.index.oldestFirst()) {
      if (entry.joinedAt > joinedBefore || found.length === limit) break;
      if (entry.allowAI && (entry.nodeId ?? nodeId) === nodeId) found.push(entry);
    }
    return found;
  }

  /** One process, one node: it is alive while it runs. */
  async heartbeat(): Promise<void> {}

  async close(): Promise<void> {
    this.entries.clear();
    this.index.clear();
    this.exclusions.clear();
  }

  /** Takes the user out of the line and its index; their entry, or null when they were not waiting. */
  private take(userId: string): WaitingEntry | null {
    const entry = this.entries.get(userId);
    if (!entry) return null;
    this.entries.delete(userId);
    this.index.remove(entry);
    return entry;
  }

  private excludeOneWay(from: string, to: string, until: number): void {
    let others = this.exclusions.get(from);
    if (!others) {
      others = new Map();
      this.exclusions.set(from, others);
    }
    const current = others.get(to);
    if (current === undefined || current < until) others.set(to, until);
  }

  private excludedAt(a: string, b: string, now: number): boolean {
    const until = this.exclusions.get(a)?.get(b);
    return until !== undefined && until > now;
  }

  /** `excludedAt` at `now`, as `WaitingIndex.choose` asks it. */
  private excludedAtFor(now: number): (a: string, b: string) => boolean {
    return (a, b) => this.excludedAt(a, b, now);
  }
}

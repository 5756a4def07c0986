import { choosePartner } from "@heartline/shared";
import type { MatchQueue, WaitingEntry } from "./match-queue";

export interface MemoryMatchQueueOptions {
  /** Milliseconds since epoch; exclusions start at `clock()` (tests pass a virtual clock). */
  clock?: () => number;
}

/** The waiting line of one process (no Redis). Same rules as `RedisMatchQueue`: `choosePartner`. */
export class MemoryMatchQueue implements MatchQueue {
  private readonly clock: () => number;
  private readonly entries = new Map<string, WaitingEntry>();
  /** Unordered pair key → when the exclusion ends. */
  private readonly exclusions = new Map<string, number>();

  constructor(options: MemoryMatchQueueOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  async joinOrMatch(entry: WaitingEntry, now: number): Promise<WaitingEntry | null> {
    // A second join of the same person replaces their entry: nobody waits twice.
    this.entries.delete(entry.id);
    const partner = choosePartner(entry, [...this.entries.values()], now, (a, b) =>
      this.excludedAt(a, b, now),
    );
    if (partner) {
      const taken = this.entries.get(partner.id);
      this.entries.delete(partner.id);
      if (taken) return taken;
    }
    this.entries.set(entry.id, entry);
    return null;
  }

  async leave(userId: string): Promise<boolean> {
    return this.entries.delete(userId);
  }

  async get(userId: string): Promise<WaitingEntry | null> {
    return this.entries.get(userId) ?? null;
  }

  async exclude(a: string, b: string, ttlMs: number): Promise<void> {
    const key = pairKey(a, b);
    const until = this.clock() + ttlMs;
    const current = this.exclusions.get(key);
    if (current === undefined || current < until) this.exclusions.set(key, until);
  }

  async isExcluded(a: string, b: string, now: number): Promise<boolean> {
    return this.excludedAt(a, b, now);
  }

  async sweep(now: number): Promise<Array<[WaitingEntry, WaitingEntry]>> {
    // After every join no compatible, non-excluded pair waits, so only people whose exclusion just
    // ended can have become matchable: those are the only joiners worth trying.
    const freed = new Set<string>();
    for (const [key, until] of this.exclusions) {
      if (until > now) continue;
      this.exclusions.delete(key);
      for (const id of key.split("\n")) freed.add(id);
    }
    if (freed.size === 0) return [];
    const joiners = [...freed]
      .map((id) => this.entries.get(id))
      .filter((entry): entry is WaitingEntry => entry !== undefined)
      .sort(byWait);
    const pairs: Array<[WaitingEntry, WaitingEntry]> = [];
    for (const joiner of joiners) {
      if (!this.entries.has(joiner.id)) continue;
      const partner = choosePartner(joiner, [...this.entries.values()], now, (a, b) =>
        this.excludedAt(a, b, now),
      );
      const taken = partner ? this.entries.get(partner.id) : undefined;
      if (!taken) continue;
      this.entries.delete(joiner.id);
      this.entries.delete(taken.id);
      pairs.push([joiner, taken]);
    }
    return pairs;
  }

  async size(): Promise<number> {
    return this.entries.size;
  }

  async waiting(): Promise<WaitingEntry[]> {
    return [...this.entries.values()].sort(byWait);
  }

  async longWaits(nodeId: string, joinedBefore: number, limit: number): Promise<WaitingEntry[]> {
    return (await this.waiting())
      .filter(
        (entry) => entry.allowAI && entry.joinedAt <= joinedBefore && (entry.nodeId ?? nodeId) === nodeId,
      )
      .slice(0, limit);
  }

  /** One process, one node: it is alive while it runs. */
  async heartbeat(): Promise<void> {}

  async close(): Promise<void> {
    this.entries.clear();
    this.exclusions.clear();
  }

  private excludedAt(a: string, b: string, now: number): boolean {
    const until = this.exclusions.get(pairKey(a, b));
    return until !== undefined && until > now;
  }
}

/** Ids never contain a newline (visitor ids are alphanumeric, user ids uuids). */
function pairKey(a: string, b: string): string {
  return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

function byWait(a: WaitingEntry, b: WaitingEntry): number {
  return a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

import type { ChatMessage } from "@heartline/shared";
import type { WaitingEntry } from "./match-queue";
import type { AddMessageResult, Pair, PairStore } from "./pair-store";

export interface MemoryPairStoreOptions {
  /** Milliseconds since epoch (tests pass a virtual clock). */
  clock?: () => number;
}

interface PairRecord {
  pair: Pair;
  /** The latest messages, oldest first. */
  messages: ChatMessage[];
  /** Every message id of the pair's life → its first timestamp. */
  seen: Map<string, number>;
}

interface EndedRecord {
  record: PairRecord;
  expiresAt: number;
}

/** Pairs of one process (no Redis); same contract as `RedisPairStore`. */
export class MemoryPairStore implements PairStore {
  private readonly clock: () => number;
  private readonly live = new Map<string, PairRecord>();
  private readonly roomByUser = new Map<string, string>();
  /** Ended pairs in the order they ended (so expired ones are dropped from the front). */
  private readonly ended = new Map<string, EndedRecord>();
  private readonly endedByUser = new Map<string, string>();
  private readonly watched = new Map<string, { entry: WaitingEntry; offered: Set<string> }>();

  constructor(options: MemoryPairStoreOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  async create(pair: Pair): Promise<boolean> {
    const humans = pair.members.filter((member) => !member.isAI);
    if (humans.some((member) => this.roomByUser.has(member.userId)) || this.live.has(pair.roomId)) {
      return false;
    }
    this.live.set(pair.roomId, { pair, messages: [], seen: new Map() });
    for (const member of humans) this.roomByUser.set(member.userId, pair.roomId);
    return true;
  }

  async byUser(userId: string): Promise<Pair | null> {
    const roomId = this.roomByUser.get(userId);
    return roomId === undefined ? null : (this.live.get(roomId)?.pair ?? null);
  }

  async get(roomId: string): Promise<Pair | null> {
    return this.live.get(roomId)?.pair ?? null;
  }

  async end(roomId: string, keepMs: number): Promise<Pair | null> {
    const record = this.live.get(roomId);
    if (!record) return null;
    this.live.delete(roomId);
    const now = this.clock();
    this.dropExpired(now);
    this.ended.set(roomId, { record, expiresAt: now + keepMs });
    for (const member of record.pair.members) {
      if (member.isAI) continue;
      this.roomByUser.delete(member.userId);
      this.endedByUser.set(member.userId, roomId);
    }
    return record.pair;
  }

  async lastEnded(userId: string): Promise<Pair | null> {
    const roomId = this.endedByUser.get(userId);
    if (roomId === undefined) return null;
    const ended = this.ended.get(roomId);
    return ended && ended.expiresAt > this.clock() ? ended.record.pair : null;
  }

  async addMessage(roomId: string, message: ChatMessage, keep: number): Promise<AddMessageResult | null> {
    const record = this.live.get(roomId);
    if (!record) return null;
    const first = record.seen.get(message.id);
    if (first !== undefined) return { isNew: false, timestamp: first };
    record.seen.set(message.id, message.timestamp);
    record.messages.push(message);
    if (record.messages.length > keep) record.messages.splice(0, record.messages.length - keep);
    return { isNew: true, timestamp: message.timestamp };
  }

  async firstSeen(roomId: string, messageId: string): Promise<number | null> {
    return this.live.get(roomId)?.seen.get(messageId) ?? null;
  }

  async messages(roomId: string): Promise<ChatMessage[]> {
    const live = this.live.get(roomId);
    if (live) return [...live.messages];
    const ended = this.ended.get(roomId);
    return ended && ended.expiresAt > this.clock() ? [...ended.record.messages] : [];
  }

  async watch(entry: WaitingEntry): Promise<void> {
    this.watched.set(entry.id, { entry, offered: new Set() });
  }

  async unwatch(userId: string): Promise<WaitingEntry | null> {
    const watched = this.watched.get(userId);
    this.watched.delete(userId);
    return watched?.entry ?? null;
  }

  async watching(): Promise<WaitingEntry[]> {
    return [...this.watched.values()]
      .map((watched) => watched.entry)
      .sort((a, b) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : 1));
  }

  async claimOffer(watcherId: string, personId: string): Promise<boolean> {
    const watched = this.watched.get(watcherId);
    if (!watched || watched.offered.has(personId)) return false;
    watched.offered.add(personId);
    return true;
  }

  async close(): Promise<void> {
    this.live.clear();
    this.roomByUser.clear();
    this.ended.clear();
    this.endedByUser.clear();
    this.watched.clear();
  }

  /** Forgets ended pairs whose time ran out, oldest first; stops at the first one still kept. */
  private dropExpired(now: number): void {
    for (const [roomId, ended] of this.ended) {
      if (ended.expiresAt > now) break;
      this.ended.delete(roomId);
      for (const member of ended.record.pair.members) {
        if (this.endedByUser.get(member.userId) === roomId) this.endedByUser.delete(member.userId);
      }
    }
  }
}

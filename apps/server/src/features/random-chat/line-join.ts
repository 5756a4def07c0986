import type { LineStatusPayload } from "@heartline/shared";
import { readLineStatus } from "./line-status";
import type { MatchQueue, WaitingEntry } from "./match-queue";
import type { Pair, PairMember, PairStore } from "./pair-store";

/** What `LineJoin.join` is asked to do for one `join` (or `next`). */
export interface LineJoinRequest {
  entry: WaitingEntry;
  now: number;
  /** The room id of the pair, when a partner is found (a fresh uuid). */
  roomId: string;
  /** How long the joiner and the partner of the ended chat are kept apart. */
  rematchCooldownMs: number;
  /** How long the ended chat stays reportable (`PairStore.end`). */
  endedPairKeepMs: number;
}

export interface LineJoinOutcome {
  /** The chat the joiner was in, ended on the way (its other members hear `partner_left`). */
  ended: Pair | null;
  /** The person taken out of the line for the joiner, if any. */
  partner: WaitingEntry | null;
  /**
   * The new pair (partner first, then the joiner). Null with a partner: the pair could not be made
   * (one of them is in another chat meanwhile); whoever is free waits again.
   */
  pair: Pair | null;
  /** With no partner: what the waiting screen shows (`lineStatus`), read in the same step. */
  status: LineStatusPayload | null;
  /** With no partner: whether anyone chats with the AI, so the joiner is offered to them (`watching`). */
  hasWatchers: boolean;
}

/**
 * `join` and `next` as one step (issue #16): end the joiner's chat and keep the two apart (or take
 * them off the AI watch list), then match or wait, then record the pair. `RedisLineJoin` does it in one
 * Lua script (one round trip before `matched`, atomic across nodes); `StepwiseLineJoin` chains the
 * `MatchQueue` and `PairStore` calls (the memory stores of one process).
 */
export interface LineJoin {
  join(request: LineJoinRequest): Promise<LineJoinOutcome>;
}

export class StepwiseLineJoin implements LineJoin {
  constructor(
    private readonly queue: MatchQueue,
    private readonly pairs: PairStore,
  ) {}

  async join(request: LineJoinRequest): Promise<LineJoinOutcome> {
    const { entry, now } = request;
    const current = await this.pairs.byUser(entry.id);
    const ended = current ? await this.pairs.end(current.roomId, request.endedPairKeepMs) : null;
    if (ended)
      await forgetEndedPair({ queue: this.queue, pairs: this.pairs }, ended, request.rematchCooldownMs);
    const partner = await this.queue.joinOrMatch(entry, now);
    if (!partner) {
      const [status, watchers] = await Promise.all([
        readLineStatus({
          stores: { queue: this.queue, pairs: this.pairs },
          userId: entry.id,
          now,
          rematchCooldownMs: request.rematchCooldownMs,
        }),
        this.pairs.watching(),
      ]);
      return { ended, partner: null, pair: null, status, hasWatchers: watchers.length > 0 };
    }
    const pair = newPair(request.roomId, partner, entry, now);
    const created = (await this.pairs.create(pair)) ? pair : null;
    return { ended, partner, pair: created, status: null, hasWatchers: false };
  }
}

/**
 * The stores' side of an ended chat: two people are kept apart for the cooldown (no immediate rematch,
 * issue 4); a person who chatted with the AI leaves the watch list.
 */
export async function forgetEndedPair(
  stores: { queue: MatchQueue; pairs: PairStore },
  pair: Pair,
  rematchCooldownMs: number,
): Promise<void> {
  const [first, second] = humansOf(pair);
  if (first && second) await stores.queue.exclude(first.userId, second.userId, rematchCooldownMs);
  else if (first) await stores.pairs.unwatch(first.userId);
}

export function humansOf(pair: Pair): PairMember[] {
  return pair.members.filter((member) => !member.isAI);
}

export function newPair(roomId: string, a: WaitingEntry, b: WaitingEntry, startedAt: number): Pair {
  return { roomId, members: [humanMember(a), humanMember(b)], startedAt };
}

function humanMember(entry: WaitingEntry): PairMember {
  const member: PairMember = {
    userId: entry.id,
    socketId: entry.socketId,
    gender: entry.gender,
    isAI: false,
  };
  return entry.nodeId === undefined ? member : { ...member, nodeId: entry.nodeId };
}

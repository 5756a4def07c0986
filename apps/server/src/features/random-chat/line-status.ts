import { areCompatible, type LineStatusPayload } from "@heartline/shared";
import type { MatchQueue } from "./match-queue";
import type { PairStore } from "./pair-store";

export interface LineStatusOptions {
  /** The random chat's deps (`RandomChatDeps`), as much of them as the figures need. */
  deps: { queue: MatchQueue; pairs: PairStore; clock: () => number; rematchCooldownMs: number };
  userId: string;
}

/**
 * What the waiting screen shows (issue 14: waiting alone), on request (`line_status`). A join that
 * waits gets the same figures from `LineJoin.join`, in the same step.
 */
export function lineStatus({ deps, userId }: LineStatusOptions): Promise<LineStatusPayload> {
  return readLineStatus({
    stores: deps,
    userId,
    now: deps.clock(),
    rematchCooldownMs: deps.rematchCooldownMs,
  });
}

export interface ReadLineStatusOptions {
  stores: { queue: MatchQueue; pairs: PairStore };
  userId: string;
  now: number;
  rematchCooldownMs: number;
}

/**
 * The number of people searching (one O(1) count) and whether the rematch cooldown is what holds a
 * match back. The common case of the latter is two people alone who just parted: it is found from the
 * user's last pair with four lookups, never by scanning the line. `RedisLineJoin`'s script mirrors it.
 */
export async function readLineStatus(options: ReadLineStatusOptions): Promise<LineStatusPayload> {
  const [searching, isHeldByCooldown] = await Promise.all([
    options.stores.queue.size(),
    heldByCooldown(options),
  ]);
  return { searching, isHeldByCooldown };
}

async function heldByCooldown({
  stores,
  userId,
  now,
  rematchCooldownMs,
}: ReadLineStatusOptions): Promise<boolean> {
  const { queue, pairs } = stores;
  const [me, last] = await Promise.all([queue.get(userId), pairs.lastEnded(userId)]);
  const partner = last?.members.find((member) => member.userId !== userId && !member.isAI);
  if (!me || !partner) return false;
  const waiting = await queue.get(partner.userId);
  if (!waiting || !areCompatible(me, waiting)) return false;
  // Only the short rematch cooldown: a block or a report keeps them apart for good, and is not said.
  const [isExcludedNow, isExcludedLater] = await Promise.all([
    queue.isExcluded(userId, partner.userId, now),
    queue.isExcluded(userId, partner.userId, now + rematchCooldownMs),
  ]);
  return isExcludedNow && !isExcludedLater;
}

import { areCompatible, type LineStatusPayload } from "@heartline/shared";
import type { RandomChatDeps } from "./random-chat-deps";

export interface LineStatusOptions {
  deps: RandomChatDeps;
  userId: string;
}

/**
 * What the waiting screen shows (issue 14: waiting alone): the number of people searching (one O(1)
 * count) and whether the rematch cooldown is what holds a match back. The common case of the latter
 * is two people alone who just parted: it is found from the user's last pair with four lookups,
 * never by scanning the line.
 */
export async function lineStatus({ deps, userId }: LineStatusOptions): Promise<LineStatusPayload> {
  const [searching, isHeldByCooldown] = await Promise.all([deps.queue.size(), heldByCooldown(deps, userId)]);
  return { searching, isHeldByCooldown };
}

async function heldByCooldown(deps: RandomChatDeps, userId: string): Promise<boolean> {
  const [me, last] = await Promise.all([deps.queue.get(userId), deps.pairs.lastEnded(userId)]);
  const partner = last?.members.find((member) => member.userId !== userId && !member.isAI);
  if (!me || !partner) return false;
  const waiting = await deps.queue.get(partner.userId);
  if (!waiting || !areCompatible(me, waiting)) return false;
  const now = deps.clock();
  // Only the short rematch cooldown: a block or a report keeps them apart for good, and is not said.
  const [isExcludedNow, isExcludedLater] = await Promise.all([
    deps.queue.isExcluded(userId, partner.userId, now),
    deps.queue.isExcluded(userId, partner.userId, now + deps.rematchCooldownMs),
  ]);
  return isExcludedNow && !isExcludedLater;
}

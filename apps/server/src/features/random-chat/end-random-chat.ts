import { REPORT_WINDOW_MS } from "@heartline/shared";
import { pairRoom } from "../../realtime/rooms";
import { forgetEndedPair, humansOf } from "./line-join";
import { leaveRoomOf, toSocket } from "./local-socket";
import type { Pair } from "./pair-store";
import { dropAiRoom, type RandomChatDeps } from "./random-chat-deps";

/** An ended pair stays reportable this long (a user may report the partner who just left). */
export const ENDED_PAIR_KEEP_MS = REPORT_WINDOW_MS;

export type PartnerLeftReason = "ended" | "disconnected";

export interface EndRandomChatOptions {
  deps: RandomChatDeps;
  userId: string;
  /** Only the pair this socket chats in ends (another tab of the same person keeps its own chat). */
  socketId: string;
  reason: PartnerLeftReason;
}

/**
 * Ends the chat of a socket: `end_chat`, `next`, a disconnect (spec §4 Random chat session). The
 * partner gets `partner_left`; returns the ended pair, or null when the socket chatted with nobody.
 */
export async function endRandomChat({
  deps,
  userId,
  socketId,
  reason,
}: EndRandomChatOptions): Promise<Pair | null> {
  const pair = await deps.pairs.byUser(userId);
  const isMine = pair?.members.some((member) => member.userId === userId && member.socketId === socketId);
  if (!pair || !isMine) return null;
  return finishPair({ deps, roomId: pair.roomId, reason, actingSocketId: socketId });
}

export interface FinishPairOptions {
  deps: RandomChatDeps;
  roomId: string;
  reason: PartnerLeftReason;
  /** The socket that ended it is not told; every other human member's socket gets `partner_left`. */
  actingSocketId: string;
}

/**
 * Ends a pair whoever asks (a member, a dead socket found after pairing, an AI failure). Exactly one
 * concurrent caller gets the pair (`PairStore.end`), so `partner_left` goes out once. No immediate
 * rematch with the partner just left (issue 4: matching rules).
 */
export async function finishPair({
  deps,
  roomId,
  reason,
  actingSocketId,
}: FinishPairOptions): Promise<Pair | null> {
  const pair = await deps.pairs.end(roomId, deps.endedPairKeepMs);
  if (!pair) return null;
  announceEnd({ deps, pair, reason, actingSocketId });
  await forgetEndedPair(deps, pair, deps.rematchCooldownMs);
  return pair;
}

export interface AnnounceEndOptions {
  deps: RandomChatDeps;
  /** A pair the stores already ended (`PairStore.end` or `LineJoin.join`). */
  pair: Pair;
  reason: PartnerLeftReason;
  actingSocketId: string;
}

/**
 * This node's side of an ended pair: the members leave `pair:{roomId}`, every human member but the
 * acting socket hears `partner_left`, and an AI chat gives its persona back.
 */
export function announceEnd({ deps, pair, reason, actingSocketId }: AnnounceEndOptions): void {
  const room = pairRoom(pair.roomId);
  const humans = humansOf(pair);
  leaveRoomOf(
    deps.io,
    humans.map((member) => member.socketId),
    room,
  );
  for (const member of humans) {
    if (member.socketId !== actingSocketId)
      toSocket(deps.io, member.socketId).emit("partner_left", { reason });
  }
  if (humans.length === 1) dropAiRoom({ deps, roomId: pair.roomId });
}

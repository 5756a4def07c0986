import { REPORT_WINDOW_MS } from "@heartline/shared";
import { pairRoom } from "../../realtime/rooms";
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
 * concurrent caller gets the pair (`PairStore.end`), so `partner_left` goes out once.
 */
export async function finishPair({
  deps,
  roomId,
  reason,
  actingSocketId,
}: FinishPairOptions): Promise<Pair | null> {
  const pair = await deps.pairs.end(roomId, deps.endedPairKeepMs);
  if (!pair) return null;
  const room = pairRoom(roomId);
  const humans = pair.members.filter((member) => !member.isAI);
  leaveRoomOf(
    deps.io,
    humans.map((member) => member.socketId),
    room,
  );
  for (const member of humans) {
    if (member.socketId !== actingSocketId)
      toSocket(deps.io, member.socketId).emit("partner_left", { reason });
  }
  const [first, second] = humans;
  if (first && second) {
    // No immediate rematch with the partner just left (issue 4: matching rules).
    await deps.queue.exclude(first.userId, second.userId, deps.rematchCooldownMs);
  } else if (first) {
    dropAiRoom({ deps, roomId });
    await deps.pairs.unwatch(first.userId);
  }
  return pair;
}

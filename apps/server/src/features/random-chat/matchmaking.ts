import { randomUUID } from "node:crypto";
import { areCompatible } from "@heartline/shared";
import { pairRoom } from "../../realtime/rooms";
import { finishPair } from "./end-random-chat";
import { lineStatus } from "./line-status";
import { joinSocket, localSocket, toSocket } from "./local-socket";
import type { WaitingEntry } from "./match-queue";
import { pairAlias } from "./pair-alias";
import type { Pair, PairMember } from "./pair-store";
import type { RandomChatDeps } from "./random-chat-deps";

/**
 * Puts someone in the waiting line, or pairs them at once with the best compatible person waiting
 * (issue 4 matching rules: `choosePartner`). The joiner hears `waiting` first, then `matched`
 * (ARCHITECTURE §5).
 */
export interface EnqueueOptions {
  deps: RandomChatDeps;
  entry: WaitingEntry;
}

export async function enqueue({ deps, entry }: EnqueueOptions): Promise<void> {
  const partner = await deps.queue.joinOrMatch(entry, deps.clock());
  if (partner) {
    toSocket(deps.io, entry.socketId).emit("waiting", { since: entry.joinedAt });
    await pairUp({ deps, a: partner, b: entry });
    return;
  }
  const status = await lineStatus({ deps, userId: entry.id });
  toSocket(deps.io, entry.socketId).emit("waiting", { since: entry.joinedAt, ...status });
  await offerToWatchers(deps, entry);
}

/**
 * Makes a pair of two people just taken out of the line: both sockets join `pair:{roomId}` (on any
 * node, through the adapter) and hear `matched` with the other's per-pair alias and gender, nothing
 * else (never the account id).
 */
export interface PairUpOptions {
  deps: RandomChatDeps;
  a: WaitingEntry;
  b: WaitingEntry;
}

export async function pairUp({ deps, a, b }: PairUpOptions): Promise<void> {
  const pair: Pair = {
    roomId: randomUUID(),
    members: [humanMember(a), humanMember(b)],
    startedAt: deps.clock(),
  };
  if (!(await deps.pairs.create(pair))) {
    // One of them got into another chat meanwhile (a second tab): whoever is still free waits again.
    for (const entry of [a, b]) {
      if (!(await deps.pairs.byUser(entry.id))) await enqueue({ deps, entry });
    }
    return;
  }
  const room = pairRoom(pair.roomId);
  joinSocket(deps.io, a.socketId, room);
  joinSocket(deps.io, b.socketId, room);
  // Issue 14: "You both like hiking" — only the interests both gave, never the other's full list.
  const shared = sharedInterests(a.interests, b.interests);
  const extra = shared.length > 0 ? { sharedInterests: shared } : {};
  toSocket(deps.io, a.socketId).emit("matched", {
    ...extra,
    roomId: pair.roomId,
    partner: {
      id: pairAlias({ secret: deps.aliasSecret, roomId: pair.roomId, userId: b.id }),
      gender: b.gender,
      isAI: false,
    },
  });
  toSocket(deps.io, b.socketId).emit("matched", {
    ...extra,
    roomId: pair.roomId,
    partner: {
      id: pairAlias({ secret: deps.aliasSecret, roomId: pair.roomId, userId: a.id }),
      gender: a.gender,
      isAI: false,
    },
  });
  await endIfSomeoneLeft(deps, pair);
}

/**
 * While someone chats with the AI, a compatible person who finds nobody is offered to them, once
 * per person (ARCHITECTURE §9.2: the search for a person goes on).
 */
async function offerToWatchers(deps: RandomChatDeps, person: WaitingEntry): Promise<void> {
  const now = deps.clock();
  for (const watcher of await deps.pairs.watching()) {
    if (!areCompatible(watcher, person)) continue;
    if (await deps.queue.isExcluded(watcher.id, person.id, now)) continue;
    if (await deps.pairs.claimOffer(watcher.id, person.id)) {
      toSocket(deps.io, watcher.socketId).emit("person_available");
    }
  }
}

/**
 * A socket can disconnect between leaving the line and the pair being recorded; its own disconnect
 * handler then found nothing to end. Checked after pairing so it costs the match no latency.
 */
async function endIfSomeoneLeft(deps: RandomChatDeps, pair: Pair): Promise<void> {
  for (const member of pair.members) {
    if (await isSocketAlive(deps, member.socketId)) continue;
    await finishPair({ deps, roomId: pair.roomId, reason: "disconnected", actingSocketId: member.socketId });
    return;
  }
}

export async function isSocketAlive(deps: RandomChatDeps, socketId: string): Promise<boolean> {
  const local = localSocket(deps.io, socketId);
  if (local) return local.connected;
  if (!deps.isClustered) return false;
  try {
    return (await deps.io.in(socketId).fetchSockets()).length > 0;
  } catch (error) {
    // Another node did not answer in time: keep the pair; that node's disconnect handler ends it.
    deps.log.debug({ err: error }, "socket liveness check failed");
    return true;
  }
}

/** The interests in both lists (already normalised at join), in the first list's order. */
export function sharedInterests(first: readonly string[], second: readonly string[]): string[] {
  const other = new Set(second);
  return first.filter((interest) => other.has(interest));
}

function humanMember(entry: WaitingEntry): PairMember {
  return { userId: entry.id, socketId: entry.socketId, gender: entry.gender, isAI: false };
}

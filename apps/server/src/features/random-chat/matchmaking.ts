import { randomUUID } from "node:crypto";
import { areCompatible } from "@heartline/shared";
import { pairRoom } from "../../realtime/rooms";
import { announceEnd, finishPair } from "./end-random-chat";
import { newPair } from "./line-join";
import { joinSocket, localSocket, toSocket } from "./local-socket";
import type { WaitingEntry } from "./match-queue";
import { pairAlias } from "./pair-alias";
import type { Pair } from "./pair-store";
import type { RandomChatDeps } from "./random-chat-deps";

/**
 * Puts someone in the waiting line, or pairs them at once with the best compatible person waiting
 * (issue 4 matching rules: `choosePartner`), ending first the chat they were in (nobody ever has two
 * partners). One `LineJoin.join` does all of it: one Redis round trip before `matched` or `waiting`, whose
 * figures come with it (issue #16).
 * The joiner hears `waiting` first, then `matched` (ARCHITECTURE §5).
 */
export interface EnqueueOptions {
  deps: RandomChatDeps;
  entry: WaitingEntry;
}

export async function enqueue({ deps, entry }: EnqueueOptions): Promise<void> {
  const now = deps.clock();
  const { ended, partner, pair, status, hasWatchers } = await deps.line.join({
    entry,
    now,
    roomId: randomUUID(),
    rematchCooldownMs: deps.rematchCooldownMs,
    endedPairKeepMs: deps.endedPairKeepMs,
  });
  if (ended) announceEnd({ deps, pair: ended, reason: "ended", actingSocketId: entry.socketId });
  if (partner) {
    toSocket(deps.io, entry.socketId).emit("waiting", { since: entry.joinedAt });
    if (!pair) {
      await waitAgain(deps, [partner, entry]);
      return;
    }
    announcePair({ deps, pair, a: partner, b: entry });
    await endIfSomeoneLeft(deps, pair, (socketId) => isAliveWithoutAsking(deps, socketId));
    return;
  }
  toSocket(deps.io, entry.socketId).emit("waiting", { since: entry.joinedAt, ...status });
  if (hasWatchers) await offerToWatchers(deps, entry);
}

/**
 * Makes a pair of two people the sweep took out of the line (their cooldown ended): both sockets join
 * `pair:{roomId}` and hear `matched`.
 */
export interface PairUpOptions {
  deps: RandomChatDeps;
  a: WaitingEntry;
  b: WaitingEntry;
}

export async function pairUp({ deps, a, b }: PairUpOptions): Promise<void> {
  const pair = newPair(randomUUID(), a, b, deps.clock());
  if (!(await deps.pairs.create(pair))) {
    await waitAgain(deps, [a, b]);
    return;
  }
  announcePair({ deps, pair, a, b });
  // The sweep's pair is recorded after the line let them go: a socket may have left in between.
  await endIfSomeoneLeft(deps, pair, (socketId) => isSocketAlive(deps, socketId));
}

/** One of them got into another chat meanwhile (a second tab): whoever is still free waits again. */
async function waitAgain(deps: RandomChatDeps, entries: readonly WaitingEntry[]): Promise<void> {
  for (const entry of entries) {
    if (!(await deps.pairs.byUser(entry.id))) await enqueue({ deps, entry });
  }
}

interface AnnouncePairOptions {
  deps: RandomChatDeps;
  pair: Pair;
  a: WaitingEntry;
  b: WaitingEntry;
}

/**
 * Both sockets join `pair:{roomId}` (on any node, through the adapter) and hear `matched` with the
 * other's per-pair alias and gender, nothing else (never the account id).
 */
function announcePair({ deps, pair, a, b }: AnnouncePairOptions): void {
  const room = pairRoom(pair.roomId);
  deps.metrics.randomMatched();
  joinSocket(deps.io, a.socketId, room);
  joinSocket(deps.io, b.socketId, room);
  // Issue 14: "You both like hiking" — only the interests both gave, never the other's full list.
  const shared = sharedInterests(a.interests, b.interests);
  const extra = shared.length > 0 ? { sharedInterests: shared } : {};
  for (const [to, partner] of [
    [a, b],
    [b, a],
  ] as const) {
    toSocket(deps.io, to.socketId).emit("matched", {
      ...extra,
      roomId: pair.roomId,
      partner: {
        id: pairAlias({ secret: deps.aliasSecret, roomId: pair.roomId, userId: partner.id }),
        gender: partner.gender,
        isAI: false,
      },
    });
  }
}

/**
 * Whether a socket of a pair `LineJoin.join` made is still there, without asking other nodes: one
 * elsewhere was either still waiting when the line took it (its disconnect handler then finds the
 * pair and ends it) or had left the line before (and was not taken), and a node that died stopped
 * beating, so the line did not take its people.
 */
async function isAliveWithoutAsking(deps: RandomChatDeps, socketId: string): Promise<boolean> {
  const local = localSocket(deps.io, socketId);
  return local ? local.connected : deps.isClustered;
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

/** Ends the pair when one of its sockets is gone (`isAlive` says which are). */
async function endIfSomeoneLeft(
  deps: RandomChatDeps,
  pair: Pair,
  isAlive: (socketId: string) => Promise<boolean>,
): Promise<void> {
  for (const member of pair.members) {
    if (await isAlive(member.socketId)) continue;
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

import type { MatchCandidate } from "@heartline/shared";

/** Someone waiting for a random partner, and where to reach them. */
export interface WaitingEntry extends MatchCandidate {
  /** The socket that asked; `io.to(socketId)` reaches it on any node (adapter). */
  socketId: string;
  /** May an AI companion fill in for this person (their setting, spec §4 AI fallback). */
  allowAI: boolean;
  /**
   * The node that holds the socket (issue #16). A shared line skips an entry whose node stopped
   * beating (`heartbeat`): its socket is gone with it. No node: always taken as alive.
   */
  nodeId?: string;
}

/**
 * The random-chat waiting line (STYLE: state that must work across nodes sits behind an interface).
 * Two implementations follow the same rules (`choosePartner` of @heartline/shared):
 * `MemoryMatchQueue` (one process) and `RedisMatchQueue` (many nodes; pairing is atomic in Redis).
 *
 * Invariants every implementation keeps (the model test checks them):
 * - nobody is ever matched with themself or with two partners at once;
 * - both preferences accept the other's gender;
 * - excluded pairs (block, report, the partner just left while the cooldown lasts) never meet;
 * - two who both gave languages and share none meet only once one of them has waited
 *   `LANGUAGE_PRIORITY_WINDOW_MS` (`acceptableAt`, issue #39);
 * - after `joinOrMatch(_, now)` returns, and after each `sweep(now)`, no two compatible, non-excluded
 *   entries acceptable to each other at `now` are both waiting (a joiner may wait while someone
 *   compatible but held apart by languages waits: the sweep pairs them once the hold ends).
 */
export interface MatchQueue {
  /**
   * Atomically: when a compatible, non-excluded entry waits, remove it and return it (the pair is
   * made); otherwise add (or replace) `entry` in the waiting line and return null.
   */
  joinOrMatch(entry: WaitingEntry, now: number): Promise<WaitingEntry | null>;
  /** Takes the user out of the waiting line; true when they were waiting. */
  leave(userId: string): Promise<boolean>;
  /** The waiting entry of a user, if any. */
  get(userId: string): Promise<WaitingEntry | null>;
  /** Keep `a` and `b` apart for `ttlMs` (both directions); a longer exclusion already held stays. */
  exclude(a: string, b: string, ttlMs: number): Promise<void>;
  /**
   * Whether `a` and `b` are kept apart at `now` (the AI watch list asks before offering a person,
   * ARCHITECTURE §9.2).
   */
  isExcluded(a: string, b: string, now: number): Promise<boolean>;
  /**
   * Pairs up waiting entries that became acceptable to someone waiting since they joined (an exclusion
   * expired, or their language hold ended: they have waited `LANGUAGE_PRIORITY_WINDOW_MS`), oldest
   * first; returns the pairs made, each removed from the line. Called periodically (once a second).
   */
  sweep(now: number): Promise<Array<[WaitingEntry, WaitingEntry]>>;
  /** How many are waiting, in O(1) (the waiting screen shows it, issue 14). */
  size(): Promise<number>;
  /** Waiting entries, oldest first (tests and diagnostics; never on a per-second path). */
  waiting(): Promise<WaitingEntry[]>;
  /**
   * At most `limit` entries of node `nodeId` that allow the AI and joined at or before `joinedBefore`,
   * oldest first: the AI fallback timer's bounded read (entries without a node count as every node's).
   */
  longWaits(nodeId: string, joinedBefore: number, limit: number): Promise<WaitingEntry[]>;
  /**
   * Says node `nodeId` is alive for `ttlMs` (called every second by each node). A memory line has one
   * node and ignores it.
   */
  heartbeat(nodeId: string, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

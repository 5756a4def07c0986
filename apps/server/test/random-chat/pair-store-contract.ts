import type { ChatMessage } from "@heartline/shared";
import { afterEach, expect, it } from "vitest";
import type { WaitingEntry } from "../../src/features/random-chat/match-queue";
import type { Pair, PairMember, PairStore } from "../../src/features/random-chat/pair-store";

/**
 * The `PairStore` contract (its doc's invariants) as tests, run against every implementation: call
 * inside a `describe` with a factory that returns an empty store using `clock` for its time.
 */
export type CreatePairStore = (clock: () => number) => PairStore | Promise<PairStore>;

const KEEP_MS = 60_000;

/** A human pair member with a recognisable socket id. */
export function human(userId: string): PairMember {
  return { userId, socketId: `socket-${userId}`, gender: "female", isAI: false };
}

const AI: PairMember = { userId: "ai-mira", socketId: "", gender: "female", isAI: true, name: "Mira" };

let roomSequence = 0;
function pairOf(a: PairMember, b: PairMember): Pair {
  roomSequence += 1;
  return {
    roomId: `00000000-0000-4000-8000-${String(roomSequence).padStart(12, "0")}`,
    members: [a, b],
    startedAt: 1,
  };
}

function message(id: string, senderId: string, timestamp: number): ChatMessage {
  return { id, content: `content of ${id}`, senderId, timestamp, type: "text" };
}

/** A waiting entry (a man open to anyone) for the AI watch list. */
export function entry(id: string, joinedAt: number): WaitingEntry {
  return {
    id,
    gender: "male",
    preference: "any",
    interests: [],
    joinedAt,
    socketId: `socket-${id}`,
    allowAI: true,
  };
}

export function describePairStoreContract(createStore: CreatePairStore): void {
  let now = 1_000_000;
  let store: PairStore;
  const open = async (): Promise<PairStore> => {
    now = 1_000_000;
    store = await createStore(() => now);
    return store;
  };
  afterEach(async () => {
    await store?.close();
  });

  it("finds a live pair by room and by each human member, never by the AI", async () => {
    const pairs = await open();
    const pair = pairOf(human("ann"), human("bob"));
    expect(await pairs.create(pair)).toBe(true);
    expect(await pairs.get(pair.roomId)).toEqual(pair);
    expect(await pairs.byUser("ann")).toEqual(pair);
    expect(await pairs.byUser("bob")).toEqual(pair);
    expect(await pairs.byUser("cid")).toBeNull();

    // One persona chats with many people at once.
    expect(await pairs.create(pairOf(human("cid"), AI))).toBe(true);
    expect(await pairs.create(pairOf(human("dan"), AI))).toBe(true);
    expect(await pairs.byUser(AI.userId)).toBeNull();
  });

  it("refuses a second live pair for anyone already in one, writing nothing", async () => {
    const pairs = await open();
    const first = pairOf(human("ann"), human("bob"));
    await pairs.create(first);
    const second = pairOf(human("cid"), human("bob"));
    expect(await pairs.create(second)).toBe(false);
    expect(await pairs.get(second.roomId)).toBeNull();
    expect(await pairs.byUser("cid")).toBeNull();
    expect(await pairs.byUser("bob")).toEqual(first);
  });

  it("ends a pair for exactly one of several concurrent callers, then keeps it readable for a while", async () => {
    const pairs = await open();
    const pair = pairOf(human("ann"), human("bob"));
    await pairs.create(pair);
    await pairs.addMessage(pair.roomId, message("m-000001", "ann", 5), 20);
    const results = await Promise.all([pairs.end(pair.roomId, KEEP_MS), pairs.end(pair.roomId, KEEP_MS)]);
    expect(results.filter((result) => result !== null)).toEqual([pair]);
    expect(await pairs.get(pair.roomId)).toBeNull();
    expect(await pairs.byUser("ann")).toBeNull();
    expect(await pairs.lastEnded("ann")).toEqual(pair);
    expect(await pairs.lastEnded("bob")).toEqual(pair);
    expect((await pairs.messages(pair.roomId)).map((kept) => kept.id)).toEqual(["m-000001"]);
    // Both are free for new pairs at once.
    expect(await pairs.create(pairOf(human("ann"), human("cid")))).toBe(true);

    now += KEEP_MS + 1;
    expect(await pairs.lastEnded("bob")).toBeNull();
    expect(await pairs.messages(pair.roomId)).toEqual([]);
  });

  it("keeps the latest messages, oldest first, and answers a repeated id with its first timestamp", async () => {
    const pairs = await open();
    const pair = pairOf(human("ann"), human("bob"));
    await pairs.create(pair);
    for (let index = 1; index <= 5; index += 1) {
      expect(await pairs.addMessage(pair.roomId, message(`m-00000${index}`, "ann", index), 3)).toEqual({
        isNew: true,
        timestamp: index,
      });
    }
    expect((await pairs.messages(pair.roomId)).map((kept) => kept.id)).toEqual([
      "m-000003",
      "m-000004",
      "m-000005",
    ]);
    // Ids stay unique for the pair's whole life, not only within the kept window.
    expect(await pairs.addMessage(pair.roomId, message("m-000001", "ann", 99), 3)).toEqual({
      isNew: false,
      timestamp: 1,
    });
    expect(await pairs.messages(pair.roomId)).toHaveLength(3);
    expect(await pairs.firstSeen(pair.roomId, "m-000001")).toBe(1);
    expect(await pairs.firstSeen(pair.roomId, "m-000099")).toBeNull();
    await pairs.end(pair.roomId, KEEP_MS);
    expect(await pairs.firstSeen(pair.roomId, "m-000001")).toBeNull();
    expect(await pairs.addMessage(pair.roomId, message("m-000009", "ann", 9), 3)).toBeNull();
    expect(
      await pairs.addMessage("00000000-0000-4000-8000-999999999999", message("m-1", "x", 1), 3),
    ).toBeNull();
  });

  it("watches AI users oldest first and offers each person to each watcher once", async () => {
    const pairs = await open();
    await pairs.watch(entry("late", 20));
    await pairs.watch(entry("early", 10));
    expect((await pairs.watching()).map((watched) => watched.id)).toEqual(["early", "late"]);
    expect(await pairs.claimOffer("early", "person")).toBe(true);
    expect(await pairs.claimOffer("early", "person")).toBe(false);
    expect(await pairs.claimOffer("late", "person")).toBe(true);
    expect(await pairs.claimOffer("nobody", "person")).toBe(false);

    // Watching again starts afresh: earlier offers are forgotten.
    await pairs.watch(entry("early", 10));
    expect(await pairs.claimOffer("early", "person")).toBe(true);
    expect(await pairs.unwatch("early")).toEqual(entry("early", 10));
    expect(await pairs.unwatch("early")).toBeNull();
    expect(await pairs.claimOffer("early", "other")).toBe(false);
    expect((await pairs.watching()).map((watched) => watched.id)).toEqual(["late"]);
  });
}

import { create } from "zustand";

/**
 * One of my messages the server has not confirmed (ARCHITECTURE §5: acked only once stored), in any of
 * the three chats. A chat adds what it needs (a DM's partner) by extending it.
 */
export interface OutboxEntry<TType extends string = string, TReply = unknown> {
  /** The client uuid: the idempotency key, reused by Retry. */
  id: string;
  content: string;
  type: TType;
  /** The quote shown while pending; the stored message brings the server's copy. */
  replyTo?: TReply;
  createdAt: number;
  status: "pending" | "failed";
  /** Why the server refused it, when it said (a block, a mute, a bad image), shown under the message. */
  error?: string;
  /** AutoMod blocked it (issue #15): no Retry (it would be blocked again), a review can be asked for. */
  isReviewable?: boolean;
}

/** What a send puts in: the entry before it has a delivery state. */
export type OutboxDraft<TEntry extends OutboxEntry> = Omit<TEntry, "status" | "error" | "isReviewable">;

/** pending: written, emitted, waiting for the ack. A repeated id is one entry. */
export function addPending<TEntry extends OutboxEntry>(
  outbox: readonly TEntry[],
  draft: OutboxDraft<TEntry>,
): TEntry[] {
  if (outbox.some((existing) => existing.id === draft.id)) return [...outbox];
  return [...outbox, { ...draft, status: "pending" } as TEntry];
}

/** failed: the ack refused it or never came. */
export function markFailed<TEntry extends OutboxEntry>(
  outbox: readonly TEntry[],
  id: string,
  error?: string,
  isReviewable = false,
): TEntry[] {
  return outbox.map((entry) =>
    entry.id === id ? { ...entry, status: "failed" as const, error, isReviewable } : entry,
  );
}

/** Retry: pending again, same id, same content. */
export function markRetrying<TEntry extends OutboxEntry>(outbox: readonly TEntry[], id: string): TEntry[] {
  return outbox.map((entry) =>
    entry.id === id
      ? { ...entry, status: "pending" as const, error: undefined, isReviewable: undefined }
      : entry,
  );
}

/** sent: the stored copy (ack or push) is in the chat's cache; the entry goes. */
export function removeEntry<TEntry extends OutboxEntry>(outbox: readonly TEntry[], id: string): TEntry[] {
  return outbox.filter((entry) => entry.id !== id);
}

export interface OutboxState<TEntry extends OutboxEntry> {
  /** In the order written. */
  entries: TEntry[];
  add: (draft: OutboxDraft<TEntry>) => void;
  fail: (id: string, error?: string, isReviewable?: boolean) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

/** A chat's outbox: this tab's unconfirmed sends, as a store its list and its send hook share. */
export function createOutboxStore<TEntry extends OutboxEntry>() {
  return create<OutboxState<TEntry>>()((set) => ({
    entries: [],
    add: (draft) => set((state) => ({ entries: addPending(state.entries, draft) })),
    fail: (id, error, isReviewable) =>
      set((state) => ({ entries: markFailed(state.entries, id, error, isReviewable) })),
    retry: (id) => set((state) => ({ entries: markRetrying(state.entries, id) })),
    remove: (id) => set((state) => ({ entries: removeEntry(state.entries, id) })),
  }));
}

export type OutboxStore<TEntry extends OutboxEntry> = ReturnType<typeof createOutboxStore<TEntry>>;

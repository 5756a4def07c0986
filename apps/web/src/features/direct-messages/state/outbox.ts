import type { DirectMessageSendType, DirectReplyPreview } from "@heartline/shared";
import { create } from "zustand";

/** One of my direct messages the server has not confirmed (ARCHITECTURE §5: acked only after commit). */
export interface OutboxEntry {
  /** The client uuid: the idempotency key, reused by Retry. */
  id: string;
  partnerId: string;
  content: string;
  type: DirectMessageSendType;
  /** The quote shown while pending; the stored message brings the server's copy. */
  replyTo?: DirectReplyPreview;
  createdAt: number;
  status: "pending" | "failed";
  /** The server's refusal ("You can't send messages to this user."), shown under the message. */
  error?: string;
  /** AutoMod blocked it (issue #15): no Retry (it would be blocked again), a review can be asked for. */
  isReviewable?: boolean;
}

export type Outbox = readonly OutboxEntry[];

/** pending: written, emitted, waiting for the ack. */
export function addPending(
  outbox: Outbox,
  entry: Omit<OutboxEntry, "status" | "error" | "isReviewable">,
): OutboxEntry[] {
  if (outbox.some((existing) => existing.id === entry.id)) return [...outbox];
  return [...outbox, { ...entry, status: "pending" }];
}

/** failed: the ack refused it or never came. */
export function markFailed(outbox: Outbox, id: string, error?: string, isReviewable = false): OutboxEntry[] {
  return outbox.map((entry) =>
    entry.id === id ? { ...entry, status: "failed", error, isReviewable } : entry,
  );
}

/** Retry: pending again, same id, same content. */
export function markRetrying(outbox: Outbox, id: string): OutboxEntry[] {
  return outbox.map((entry) =>
    entry.id === id ? { ...entry, status: "pending", error: undefined, isReviewable: undefined } : entry,
  );
}

/** sent: the stored copy (ack or push) is in the thread; the entry goes. */
export function removeEntry(outbox: Outbox, id: string): OutboxEntry[] {
  return outbox.filter((entry) => entry.id !== id);
}

interface OutboxStore {
  entries: OutboxEntry[];
  add: (entry: Omit<OutboxEntry, "status" | "error">) => void;
  fail: (id: string, error?: string, isReviewable?: boolean) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

/** This tab's unconfirmed direct messages, across conversations. */
export const useDmOutboxStore = create<OutboxStore>()((set) => ({
  entries: [],
  add: (entry) => set((state) => ({ entries: addPending(state.entries, entry) })),
  fail: (id, error, isReviewable) =>
    set((state) => ({ entries: markFailed(state.entries, id, error, isReviewable) })),
  retry: (id) => set((state) => ({ entries: markRetrying(state.entries, id) })),
  remove: (id) => set((state) => ({ entries: removeEntry(state.entries, id) })),
}));

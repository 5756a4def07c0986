import type { GroupMessageType, GroupReplyPreview } from "@heartline/shared";
import { create } from "zustand";

/** One of this tab's own messages the server has not confirmed yet (client state, spec "pending/sent"). */
export interface OutboxMessage {
  id: string;
  content: string;
  type: GroupMessageType;
  replyTo?: GroupReplyPreview;
  createdAt: number;
  status: "pending" | "failed";
  /** Why the server refused it, when it said (a mute, a ban, a bad image). */
  error?: string;
  /** AutoMod blocked it (issue #15): no Retry (it would be blocked again), a review can be asked for. */
  isReviewable?: boolean;
}

interface OutboxStore {
  messages: OutboxMessage[];
  add: (message: OutboxMessage) => void;
  markPending: (id: string) => void;
  markFailed: (id: string, error?: string, isReviewable?: boolean) => void;
  remove: (id: string) => void;
}

/** Sends waiting for their ack, in the order written. Removed once the stored copy is in the room cache. */
export const useOutboxStore = create<OutboxStore>()((set) => ({
  messages: [],
  add: (message) => set((state) => ({ messages: [...state.messages, message] })),
  markPending: (id) =>
    set((state) => ({
      messages: state.messages.map((message) =>
        message.id === id
          ? { ...message, status: "pending", error: undefined, isReviewable: undefined }
          : message,
      ),
    })),
  markFailed: (id, error, isReviewable = false) =>
    set((state) => ({
      messages: state.messages.map((message) =>
        message.id === id ? { ...message, status: "failed", error, isReviewable } : message,
      ),
    })),
  remove: (id) => set((state) => ({ messages: state.messages.filter((message) => message.id !== id) })),
}));

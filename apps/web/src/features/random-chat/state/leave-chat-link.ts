import { create } from "zustand";

/**
 * What the Leave Chat guard (mounted on every page) needs from the random chat, kept apart from the
 * chat's own store so that store loads only with /chat: whether a partner is connected (mirrored
 * from the machine) and how to end the chat (set by the chat page while it is mounted).
 */
export interface LeaveChatLink {
  isConnected: boolean;
  /** Searching or waiting: a link away asks first too, so it never drops the search silently (issue 14). */
  isSearching: boolean;
  endChat: (() => void) | null;
}

export const useLeaveChatLink = create<LeaveChatLink>()(() => ({
  isConnected: false,
  isSearching: false,
  endChat: null,
}));

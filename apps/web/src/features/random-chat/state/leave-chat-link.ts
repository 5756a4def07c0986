import { create } from "zustand";

/**
 * What the Leave Chat guard (mounted on every page) needs from the random chat, kept apart from the
 * chat's own store so that store loads only with /chat: whether a partner is connected (mirrored
 * from the machine) and how to end the chat (set by the chat page while it is mounted).
 */
export interface LeaveChatLink {
  isConnected: boolean;
  endChat: (() => void) | null;
}

export const useLeaveChatLink = create<LeaveChatLink>()(() => ({ isConnected: false, endChat: null }));

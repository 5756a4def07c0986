import { CHAT_STORAGE_KEY } from "@heartline/shared";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { useLeaveChatLink } from "./leave-chat-link";
import { createInitialContext, transition } from "./random-chat-machine";
import type { RandomChatContext, RandomChatEvent } from "./random-chat-types";

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** spec §3/§9: the client's generated user id, 24 alphanumerics (the server's id replaces it). */
export function generateUserId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

export interface RandomChatStore extends RandomChatContext {
  dispatch: (event: RandomChatEvent) => void;
  /** spec §4 reset: back to idle keeping counts and choices. */
  reset: () => void;
  /** spec §4 full clear: a new user id, nothing kept, chat-storage removed. */
  clearAll: () => void;
}

/** spec §4: only gender, preference and the three counters are kept (key chat-storage). */
export type PersistedChatState = Pick<
  RandomChatContext,
  "gender" | "preference" | "realUserCount" | "simulatedUserCount" | "chatsStarted"
>;

function contextOf(state: RandomChatStore): RandomChatContext {
  const { dispatch: _dispatch, reset: _reset, clearAll: _clearAll, ...context } = state;
  return context;
}

/** Hosts the random-chat machine: every change goes through `transition`. */
export const useRandomChatStore = create<RandomChatStore>()(
  persist(
    (set, get) => ({
      ...createInitialContext(generateUserId()),
      dispatch: (event) => {
        const current = contextOf(get());
        const next = transition(current, event);
        if (next !== current) set(next);
      },
      reset: () => get().dispatch({ type: "RESET" }),
      clearAll: () => {
        get().dispatch({ type: "CLEAR", userId: generateUserId() });
        useRandomChatStore.persist.clearStorage();
      },
    }),
    {
      name: CHAT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedChatState => ({
        gender: state.gender,
        preference: state.preference,
        realUserCount: state.realUserCount,
        simulatedUserCount: state.simulatedUserCount,
        chatsStarted: state.chatsStarted,
      }),
    },
  ),
);

// The Leave Chat guard (in every page's layout) reads a tiny mirror, so this module stays out of
// the landing page's initial JavaScript.
useRandomChatStore.subscribe((state) => {
  const isSearching = state.isSearching || state.isWaiting;
  const link = useLeaveChatLink.getState();
  if (link.isConnected !== state.isConnected || link.isSearching !== isSearching) {
    useLeaveChatLink.setState({ isConnected: state.isConnected, isSearching });
  }
});

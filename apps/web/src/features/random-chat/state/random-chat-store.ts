import { create } from "zustand";

/**
 * The random chat's client state. For now only whether a partner is connected (it arms the Leave
 * Chat guard, spec §2); the random-chat feature grows this into its state machine
 * (idle → searching → waiting → connected → ended, spec §4).
 */
interface RandomChatState {
  isConnected: boolean;
  setConnected: (isConnected: boolean) => void;
}

export const useRandomChatStore = create<RandomChatState>()((set) => ({
  isConnected: false,
  setConnected: (isConnected) => set({ isConnected }),
}));

import { create } from "zustand";

interface GroupConnectionState {
  /** spec §4 Socket: five reconnection attempts failed; the banner offers a retry. */
  hasFailed: boolean;
  setFailed: (hasFailed: boolean) => void;
}

export const useGroupConnectionStore = create<GroupConnectionState>()((set) => ({
  hasFailed: false,
  setFailed: (hasFailed) => set({ hasFailed }),
}));

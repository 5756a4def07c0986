import { create } from "zustand";

interface SendCooldownStore {
  /** When the group rate limit lets this browser send again (ms), or null when it does. */
  sendAgainAt: number | null;
  startCooldown: (until: number) => void;
  clearCooldown: () => void;
}

/**
 * issue #14: a rate-limited send pauses the composer with one inline note instead of a red toast per
 * refused message. Set where the ack arrives (`useGroupSend`), read by the room's composer.
 */
export const useSendCooldownStore = create<SendCooldownStore>()((set) => ({
  sendAgainAt: null,
  startCooldown: (until) => set({ sendAgainAt: until }),
  clearCooldown: () => set({ sendAgainAt: null }),
}));

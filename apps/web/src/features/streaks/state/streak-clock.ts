import { create } from "zustand";

interface StreakClock {
  /** The instant statuses are shown for; moved on by `useStreakEvents` when one of them changes. */
  now: number;
  tick: (now: number) => void;
}

/** One clock for every streak on screen, so a passing midnight re-renders them all at once. */
export const useStreakClock = create<StreakClock>()((set) => ({
  now: Date.now(),
  tick: (now) => set({ now }),
}));

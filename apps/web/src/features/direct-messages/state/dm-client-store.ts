import type { PresenceStatus } from "@heartline/shared";
import { create } from "zustand";

/** A line shown in a thread only on this device (spec §4 Blocking system messages; never sent). */
export interface LocalSystemLine {
  id: string;
  partnerId: string;
  text: string;
  timestamp: number;
}

/** spec §3 Direct message client state, the parts that are not server data. */
interface DmClientStore {
  /** Partners whose conversation a new message unhid (spec §4: highlighted). */
  highlighted: Record<string, true>;
  /** Who is typing to me, and since when. */
  typing: Record<string, number>;
  /** Presence seen in `user:status` pushes. */
  statuses: Record<string, PresenceStatus>;
  systemLines: LocalSystemLine[];
  highlight: (partnerId: string) => void;
  clearHighlight: (partnerId: string) => void;
  setTyping: (partnerId: string, isTyping: boolean, now: number) => void;
  setStatus: (userId: string, status: PresenceStatus) => void;
  clearStatuses: () => void;
  addSystemLine: (partnerId: string, text: string, now: number) => void;
}

export const useDmClientStore = create<DmClientStore>()((set) => ({
  highlighted: {},
  typing: {},
  statuses: {},
  systemLines: [],
  highlight: (partnerId) => set((state) => ({ highlighted: { ...state.highlighted, [partnerId]: true } })),
  clearHighlight: (partnerId) =>
    set((state) => {
      if (!state.highlighted[partnerId]) return state;
      const { [partnerId]: _cleared, ...rest } = state.highlighted;
      return { highlighted: rest };
    }),
  setTyping: (partnerId, isTyping, now) =>
    set((state) => {
      const { [partnerId]: _previous, ...rest } = state.typing;
      return { typing: isTyping ? { ...rest, [partnerId]: now } : rest };
    }),
  setStatus: (userId, status) => set((state) => ({ statuses: { ...state.statuses, [userId]: status } })),
  clearStatuses: () => set({ statuses: {} }),
  addSystemLine: (partnerId, text, now) =>
    set((state) => ({
      systemLines: [
        ...state.systemLines,
        { id: `system-${now}-${state.systemLines.length}`, partnerId, text, timestamp: now },
      ],
    })),
}));

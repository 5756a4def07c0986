import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { type BanMemory, withBan, withOverride, withoutBan } from "./ban-rules";

/** Local storage key of the ban memory (spec §7: banned users and the unban override survive reloads). */
export const BAN_STORAGE_KEY = "heartline-group-bans";

interface BanStore extends BanMemory {
  recordBan: (userId: string, bannedBy: string) => void;
  clearBan: (userId: string) => void;
  applyOverride: (userId: string) => void;
}

/**
 * What this browser shows about bans. Client state only (Zustand, persisted): it never lifts a ban,
 * the server refuses every group event from a banned user (ARCHITECTURE §9.4).
 */
export const useBanStore = create<BanStore>()(
  persist(
    (set, get) => ({
      banned: {},
      overrides: {},
      recordBan: (userId, bannedBy) => set(withBan(get(), userId, bannedBy, Date.now())),
      clearBan: (userId) => set(withoutBan(get(), userId)),
      applyOverride: (userId) => set(withOverride(get(), userId, Date.now())),
    }),
    {
      name: BAN_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): BanMemory => ({ banned: state.banned, overrides: state.overrides }),
    },
  ),
);

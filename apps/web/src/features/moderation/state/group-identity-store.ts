import { create } from "zustand";

export interface GroupIdentity {
  userId: string | null;
  username: string | null;
}

/**
 * Who is signed in, as the group chat last saw it. The ban watcher outlives the group-chat pages
 * (spec §4: the unban toast shows on the home page), so it reads the identity from here.
 */
export const useGroupIdentityStore = create<GroupIdentity>()(() => ({ userId: null, username: null }));

import { create } from "zustand";

interface AddFriendDialogStore {
  isOpen: boolean;
  /** Prefilled username (from the people list or a profile). */
  username: string;
  open: (username?: string) => void;
  close: () => void;
}

/** spec §2: the group chat layout holds the add-friend modal; anything under it can open it. */
export const useAddFriendDialogStore = create<AddFriendDialogStore>()((set) => ({
  isOpen: false,
  username: "",
  open: (username = "") => set({ isOpen: true, username }),
  close: () => set({ isOpen: false }),
}));

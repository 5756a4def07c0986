import { create } from "zustand";

/** Which account modal is open (spec §2 Modals). Only one at a time. */
export type AuthModal = "guest" | "sign-in" | "sign-up" | "forgot-password";

interface AuthModalState {
  modal: AuthModal | null;
  openModal: (modal: AuthModal) => void;
  closeModal: () => void;
}

export const useAuthModalStore = create<AuthModalState>()((set) => ({
  modal: null,
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
}));

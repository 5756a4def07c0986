import { create } from "zustand";

/**
 * Which account modal is open (spec §2 Modals). Only one at a time: opening one replaces the other.
 * The human check ('Verify You're Human') is a step inside the guest, sign-in and sign-up modals, so
 * their typed values survive it.
 */
export type AuthModal =
  | "guest"
  | "sign-in"
  | "sign-up"
  | "forgot-password"
  | "reset-password"
  | "verify-email"
  | "congratulations"
  /** The e-mailed link opened in another browser: verified, signed out, a reset link mailed (ADR 0017). */
  | "password-cleared";

/** spec §4: the signup-success variant for a new account, the upgrade variant for a converted guest. */
export type CongratulationsVariant = "signup" | "upgrade";

export interface AuthModalOptions {
  resetToken?: string;
  variant?: CongratulationsVariant;
  /** 'Verify Your Email' right after sign-up: the e-mail just went out, so Resend starts cooling down. */
  emailJustSent?: boolean;
  /** The address the verification link went to (shown while the account is not signed in yet). */
  email?: string;
}

interface AuthModalState {
  modal: AuthModal | null;
  resetToken: string | null;
  variant: CongratulationsVariant;
  emailJustSent: boolean;
  email: string | null;
  openModal: (modal: AuthModal, options?: AuthModalOptions) => void;
  closeModal: () => void;
}

export const useAuthModalStore = create<AuthModalState>()((set) => ({
  modal: null,
  resetToken: null,
  variant: "signup",
  emailJustSent: false,
  email: null,
  openModal: (modal, options = {}) =>
    set({
      modal,
      resetToken: options.resetToken ?? null,
      variant: options.variant ?? "signup",
      emailJustSent: options.emailJustSent ?? false,
      email: options.email ?? null,
    }),
  closeModal: () => set({ modal: null, resetToken: null }),
}));

import { VERIFICATION_LANDINGS } from "@heartline/shared";
import { lazy, Suspense, useEffect } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "../api/use-session";
import { needsEmailVerification } from "../domain/account-status";
import { useAuthModalStore } from "../state/auth-modal-store";
import {
  peekPendingVerification,
  rememberPendingVerification,
  takePendingVerification,
} from "../state/auth-storage";

const AuthModalHost = lazy(() =>
  import("./auth-modal-host").then((module) => ({ default: module.AuthModalHost })),
);

/** spec §2 Reset Password: the e-mailed link opens `/?resetToken=…`; the token leaves the address bar. */
function useResetTokenLink() {
  const [params, setParams] = useSearchParams();
  const openModal = useAuthModalStore((state) => state.openModal);
  const token = params.get("resetToken");
  useEffect(() => {
    if (!token) return;
    openModal("reset-password", { resetToken: token });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("resetToken");
        return next;
      },
      { replace: true },
    );
  }, [token, openModal, setParams]);
}

/** `verified` of the landing where the link clears the password (ADR 0017): `set-password`. */
const PASSWORD_CLEARED = new URLSearchParams(VERIFICATION_LANDINGS.passwordCleared.slice(1)).get("verified");

/**
 * The e-mailed link opened in a browser that did not sign up lands signed out on
 * `/?verified=set-password`: say what happened and that a reset link is in the mailbox.
 */
function usePasswordClearedLanding() {
  const [params, setParams] = useSearchParams();
  const openModal = useAuthModalStore((state) => state.openModal);
  const isLanding = params.get("verified") === PASSWORD_CLEARED;
  useEffect(() => {
    if (!isLanding) return;
    // "Email verified" is this path's congratulations: no Congratulations waits for the sign-in after the
    // reset (it would open over whatever page comes next).
    takePendingVerification();
    openModal("password-cleared");
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("verified");
        return next;
      },
      { replace: true },
    );
  }, [isLanding, openModal, setParams]);
}

/**
 * spec §4: once the e-mail is verified, the Congratulations modal (signup-success or upgrade variant).
 * A marker in storage survives the page load that the e-mailed link causes.
 */
function useVerificationWatcher() {
  const { user } = useSession();
  const openModal = useAuthModalStore((state) => state.openModal);
  const [params, setParams] = useSearchParams();
  // The e-mailed link lands on `/?verified=1` in the browser that signed up (which may have lost the
  // marker); opened elsewhere it signs nobody in (`usePasswordClearedLanding`).
  const cameFromLink = params.get("verified") === "1";
  useEffect(() => {
    if (!user) return;
    if (cameFromLink) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("verified");
          return next;
        },
        { replace: true },
      );
      if (user.emailVerified && !peekPendingVerification()) {
        rememberPendingVerification(user.conversionCompletedAt !== null ? "upgrade" : "signup");
      }
    }
    if (needsEmailVerification(user)) {
      if (!peekPendingVerification()) {
        rememberPendingVerification(user.conversionRequestedAt !== null ? "upgrade" : "signup");
      }
      return;
    }
    const pending = user.emailVerified ? takePendingVerification() : null;
    if (pending) openModal("congratulations", { variant: pending });
  }, [user, openModal, cameFromLink, setParams]);
}

/**
 * Every account modal, mounted once in the root layout. The modals' code (forms, validation, the
 * human check) loads on first open, keeping it out of the landing page's initial JavaScript.
 */
export function AuthModals() {
  useResetTokenLink();
  usePasswordClearedLanding();
  useVerificationWatcher();
  const isOpen = useAuthModalStore((state) => state.modal !== null);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <AuthModalHost />
    </Suspense>
  );
}

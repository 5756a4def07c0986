// First: the contract module builds zod schemas, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import { useCatalog } from "../../../lib/i18n/use-t";
import { useAuthModalStore } from "../state/auth-modal-store";
import { CongratulationsDialog } from "./congratulations-dialog";
import { GuestDialog } from "./guest-dialog";
import { PasswordClearedDialog } from "./password-cleared-dialog";
import { ForgotPasswordDialog, ResetPasswordDialog } from "./password-dialogs";
import { SignInDialog } from "./sign-in-dialog";
import { SignUpModal } from "./sign-up-dialog";
import { VerifyEmailDialog } from "./verify-email-dialog";

/** The open account modal (spec §2 Modals). Keyed by modal so a switch starts each form fresh. */
export function AuthModalHost() {
  const { modal, resetToken, variant } = useAuthModalStore();
  // Issue #39: the dialogs' words (the "account" catalog) may still be on their way at start-up.
  const isCatalogIn = useCatalog("account");
  if (!isCatalogIn) return null;
  switch (modal) {
    case "guest":
      return <GuestDialog key="guest" />;
    case "sign-in":
      return <SignInDialog key="sign-in" />;
    case "sign-up":
      return <SignUpModal key="sign-up" />;
    case "forgot-password":
      return <ForgotPasswordDialog key="forgot-password" />;
    case "reset-password":
      return resetToken ? <ResetPasswordDialog key="reset-password" token={resetToken} /> : null;
    case "verify-email":
      return <VerifyEmailDialog key="verify-email" />;
    case "congratulations":
      return <CongratulationsDialog key="congratulations" variant={variant} />;
    case "password-cleared":
      return <PasswordClearedDialog key="password-cleared" />;
    default:
      return null;
  }
}

import { MailCheck } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Navigate } from "react-router";
import { useCatalog, useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { LinkButton } from "../../../ui/link-button";
import { PageSpinner } from "../../../ui/page-spinner";
import { useSession } from "../api/use-session";
import { isBlockedFromGroupChat } from "../domain/account-status";
import { useAuthModalStore } from "../state/auth-modal-store";

/**
 * issue #14: an unverified account opening the group chat stays here with 'Verify Your Email' open
 * (the address, Resend e-mail) instead of a bounce home with a toast. The dialog polls the session, so
 * the room opens by itself once the link is followed; closed, the page keeps a way back to it.
 */
function VerifyEmailFirst({ email }: { email: string | null }) {
  const t = useT();
  const openModal = useAuthModalStore((state) => state.openModal);
  const isOpen = useAuthModalStore((state) => state.modal === "verify-email");
  useEffect(() => {
    openModal("verify-email", email ? { email } : {});
  }, [openModal, email]);
  // Issue #39: its words are in the "account" catalog, loaded after the app starts.
  if (!useCatalog("account")) return <PageSpinner />;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <section
        aria-labelledby="verify-first-heading"
        data-testid="verify-email-first"
        className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <MailCheck aria-hidden="true" className="mx-auto size-10 text-rose-600 dark:text-rose-400" />
        <h1 id="verify-first-heading" className="mt-3 text-xl font-bold text-zinc-900 dark:text-zinc-100">
          {t("errors.groupChat.verifyEmail")}
        </h1>
        <p className="mt-2 text-sm break-all text-zinc-600 dark:text-zinc-400">
          {email ? t("accounts.verifyFirst.sentTo", { email }) : t("accounts.verifyFirst.openLink")}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button disabled={isOpen} onClick={() => openModal("verify-email", email ? { email } : {})}>
            {t("accounts.verifyFirst.verify")}
          </Button>
          <LinkButton to="/" variant="secondary">
            {t("accounts.verifyFirst.backHome")}
          </LinkButton>
        </div>
      </section>
    </main>
  );
}

/** spec §2 Protected routes: home, with the guest modal open as the way in. */
function SignedOutRedirect() {
  const openModal = useAuthModalStore((state) => state.openModal);
  useEffect(() => {
    openModal("guest");
  }, [openModal]);
  return <Navigate to="/" replace />;
}

/**
 * spec §4, §8 The /group-chat guard: signed-out visitors go home; an unverified non-guest with an
 * e-mail is asked to verify on the spot (issue #14); guests pass.
 */
export function GroupChatGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignedOutRedirect />;
  if (isBlockedFromGroupChat(user)) return <VerifyEmailFirst email={user.email} />;
  return children;
}

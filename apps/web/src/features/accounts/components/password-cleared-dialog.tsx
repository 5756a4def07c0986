import { MailCheck } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { useAuthModalStore } from "../state/auth-modal-store";
import { AuthDialog } from "./auth-dialog";

/**
 * Where the e-mailed link lands when it was opened in a browser other than the one that signed up (or
 * for an address that becomes an admin): the address is proven, but the password set before that was
 * not the mailbox owner's for sure, so it is gone and a reset link is on its way (ADR 0017).
 */
export function PasswordClearedDialog() {
  const t = useT();
  const closeModal = useAuthModalStore((state) => state.closeModal);
  return (
    <AuthDialog
      title={t("accounts.passwordCleared.title")}
      description={t("accounts.passwordCleared.description")}
    >
      <div className="mt-6 space-y-5 text-center">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-lg">
          <MailCheck aria-hidden="true" className="size-8" />
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("accounts.passwordCleared.body")}</p>
        <Button type="button" data-autofocus size="lg" className="w-full" onClick={closeModal}>
          {t("accounts.ok")}
        </Button>
      </div>
    </AuthDialog>
  );
}

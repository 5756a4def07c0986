import { KeyRound, LogOut, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { localizedMessage, useSession } from "../../accounts";
import { useSignOutEverywhere } from "../api/use-sign-out-everywhere";
import { useEndSession } from "../hooks/use-end-session";
import { ChangePasswordForm } from "./change-password-form";
import { DangerButton } from "./danger-button";
import { DeleteAccountDialog } from "./delete-account-dialog";

const SUBHEADING = "flex items-center gap-2 font-semibold text-zinc-900 dark:text-zinc-100";
const ICON = "size-4 text-rose-600 dark:text-rose-400";

/** /settings Account (signed in only): password, sessions, and deleting the account (spec §4). */
export function AccountSecuritySection() {
  const t = useT();
  const { user } = useSession();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const endSession = useEndSession();
  const everywhere = useSignOutEverywhere(() => endSession(t("settings.sessions.done")));
  if (!user) return null;

  return (
    <Card as="section" aria-labelledby="account-security-heading" className="mt-6">
      <h2 id="account-security-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />
        {t("settings.account.title")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        <RichText
          message={
            user.email
              ? t("settings.account.signedInAs", { username: user.username, email: user.email })
              : t("settings.account.signedInAsGuest", { username: user.username })
          }
          elements={[<span key="name" className="font-medium text-zinc-900 dark:text-zinc-100" />]}
        />
      </p>

      <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <h3 className={SUBHEADING}>
          <KeyRound aria-hidden="true" className={ICON} />
          {t("settings.password.title")}
        </h3>
        {user.isGuest ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("settings.password.guest")}</p>
        ) : (
          <div className="mt-4">
            <ChangePasswordForm />
          </div>
        )}
      </div>

      <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <h3 className={SUBHEADING}>
          <LogOut aria-hidden="true" className={ICON} />
          {t("settings.sessions.title")}
        </h3>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("settings.sessions.text")}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={everywhere.isPending}
          onClick={() => everywhere.mutate()}
        >
          {everywhere.isPending
            ? t("settings.sessions.signingOut")
            : t("settings.sessions.signOutEverywhere")}
        </Button>
        {everywhere.isError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-rose-600 dark:text-rose-400">
            {localizedMessage(everywhere.error.message)}
          </p>
        ) : null}
      </div>

      <div className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 dark:border-red-500/30 dark:bg-red-500/10">
        <h3 className="flex items-center gap-2 font-semibold text-red-800 dark:text-red-300">
          <Trash2 aria-hidden="true" className="size-4" />
          {t("settings.delete.title")}
        </h3>
        <p className="mt-1 text-sm text-red-900/80 dark:text-red-200/80">{t("settings.delete.text")}</p>
        <DangerButton className="mt-3" onClick={() => setIsDeleteOpen(true)}>
          {t("settings.delete.open")}
        </DangerButton>
      </div>
      <DeleteAccountDialog user={user} open={isDeleteOpen} onOpenChange={setIsDeleteOpen} />
    </Card>
  );
}

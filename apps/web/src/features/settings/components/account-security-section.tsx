import { KeyRound, LogOut, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useSession } from "../../accounts";
import { useSignOutEverywhere } from "../api/use-sign-out-everywhere";
import { useEndSession } from "../hooks/use-end-session";
import { ChangePasswordForm } from "./change-password-form";
import { DangerButton } from "./danger-button";
import { DeleteAccountDialog } from "./delete-account-dialog";

export const SIGNED_OUT_EVERYWHERE_MESSAGE = "You have been signed out on every device.";

const SUBHEADING = "flex items-center gap-2 font-semibold text-zinc-900 dark:text-zinc-100";
const ICON = "size-4 text-rose-600 dark:text-rose-400";

/** /settings Account (signed in only): password, sessions, and deleting the account (spec §4). */
export function AccountSecuritySection() {
  const { user } = useSession();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const endSession = useEndSession();
  const everywhere = useSignOutEverywhere(() => endSession(SIGNED_OUT_EVERYWHERE_MESSAGE));
  if (!user) return null;

  return (
    <Card as="section" aria-labelledby="account-security-heading" className="mt-6">
      <h2 id="account-security-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />
        Account
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Signed in as <span className="font-medium text-zinc-900 dark:text-zinc-100">{user.username}</span>
        {user.email ? ` (${user.email})` : " (guest account)"}.
      </p>

      <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <h3 className={SUBHEADING}>
          <KeyRound aria-hidden="true" className={ICON} />
          Password
        </h3>
        {user.isGuest ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            Guest accounts have no password. Upgrade your account from the dashboard to add an e-mail and
            password.
          </p>
        ) : (
          <div className="mt-4">
            <ChangePasswordForm />
          </div>
        )}
      </div>

      <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <h3 className={SUBHEADING}>
          <LogOut aria-hidden="true" className={ICON} />
          Sessions
        </h3>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Signs you out on every device and browser, this one included.
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={everywhere.isPending}
          onClick={() => everywhere.mutate()}
        >
          {everywhere.isPending ? "Signing out…" : "Sign out everywhere"}
        </Button>
        {everywhere.isError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-rose-600 dark:text-rose-400">
            {everywhere.error.message}
          </p>
        ) : null}
      </div>

      <div className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 dark:border-red-500/30 dark:bg-red-500/10">
        <h3 className="flex items-center gap-2 font-semibold text-red-800 dark:text-red-300">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete account
        </h3>
        <p className="mt-1 text-sm text-red-900/80 dark:text-red-200/80">
          Removes your profile, friend requests, messages and conversations for good.
        </p>
        <DangerButton className="mt-3" onClick={() => setIsDeleteOpen(true)}>
          Delete account…
        </DangerButton>
      </div>
      <DeleteAccountDialog user={user} open={isDeleteOpen} onOpenChange={setIsDeleteOpen} />
    </Card>
  );
}

import type { AccountUser } from "@heartline/shared";
import { UserRoundPlus } from "lucide-react";
import { Button } from "../../../ui/button";
import { useAuthModalStore } from "../../accounts";

export interface RegisteredOnlyNoticeProps {
  user: Pick<AccountUser, "isGuest" | "emailVerified">;
  /** What the page would offer ("add friends", "send direct messages"). */
  what: string;
}

/**
 * spec §1, §6: friends and direct messages are for registered users with a verified e-mail. A guest is
 * offered the upgrade (which keeps the username), an unverified account the verification.
 */
export function RegisteredOnlyNotice({ user, what }: RegisteredOnlyNoticeProps) {
  const openModal = useAuthModalStore((state) => state.openModal);
  return (
    <section
      aria-labelledby="registered-only-heading"
      data-testid="registered-only-notice"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-center dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <div className="flex-1">
        <h2 id="registered-only-heading" className="font-semibold">
          {user.isGuest ? "Create a free account first" : "Verify your e-mail first"}
        </h2>
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-200/90">
          {user.isGuest
            ? `Guest accounts are temporary, so they can't ${what}. Add an e-mail and password to keep your username and unlock friends, direct messages and streaks.`
            : `Only accounts with a verified e-mail can ${what}. Open the link we sent you to finish.`}
        </p>
      </div>
      {user.isGuest ? (
        <Button onClick={() => openModal("sign-up")} className="shrink-0">
          <UserRoundPlus aria-hidden="true" className="size-4" />
          Create an account
        </Button>
      ) : (
        <Button onClick={() => openModal("verify-email")} variant="secondary" className="shrink-0">
          Verify e-mail
        </Button>
      )}
    </section>
  );
}

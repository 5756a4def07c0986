import type { AccountUser } from "@heartline/shared";
import { UserRoundPlus } from "lucide-react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { useAuthModalStore } from "../../accounts";

export interface RegisteredOnlyNoticeProps {
  user: Pick<AccountUser, "isGuest" | "emailVerified">;
  /** What the page would offer: friends, or direct messages. */
  what: "friends" | "dms";
}

const TEXTS: Record<RegisteredOnlyNoticeProps["what"], { guest: MessageId; unverified: MessageId }> = {
  friends: { guest: "friends.only.guestFriends", unverified: "friends.only.unverifiedFriends" },
  dms: { guest: "friends.only.guestDms", unverified: "friends.only.unverifiedDms" },
};

/**
 * spec §1, §6: friends and direct messages are for registered users with a verified e-mail. A guest is
 * offered the upgrade (which keeps the username), an unverified account the verification.
 */
export function RegisteredOnlyNotice({ user, what }: RegisteredOnlyNoticeProps) {
  const openModal = useAuthModalStore((state) => state.openModal);
  const t = useT();
  return (
    <section
      aria-labelledby="registered-only-heading"
      data-testid="registered-only-notice"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-center dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <div className="flex-1">
        <h2 id="registered-only-heading" className="font-semibold">
          {user.isGuest ? t("friends.only.guestTitle") : t("friends.only.unverifiedTitle")}
        </h2>
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-200/90">
          {t(user.isGuest ? TEXTS[what].guest : TEXTS[what].unverified)}
        </p>
      </div>
      {user.isGuest ? (
        <Button onClick={() => openModal("sign-up")} className="shrink-0">
          <UserRoundPlus aria-hidden="true" className="size-4" />
          {t("friends.only.createAccount")}
        </Button>
      ) : (
        <Button onClick={() => openModal("verify-email")} variant="secondary" className="shrink-0">
          {t("friends.only.verify")}
        </Button>
      )}
    </section>
  );
}

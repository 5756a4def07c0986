import { UserRoundPlus } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { useAuthModalStore } from "../../accounts";

/** A guest account is temporary (spec §6): offer the upgrade, which keeps the username (spec §4). */
export function GuestNotice() {
  const t = useT();
  const openModal = useAuthModalStore((state) => state.openModal);
  return (
    <section
      aria-labelledby="guest-notice-heading"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-center dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <div className="flex-1">
        <h2 id="guest-notice-heading" className="font-semibold">
          {t("profiles.guest.title")}
        </h2>
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-200/90">{t("profiles.guest.text")}</p>
      </div>
      <Button onClick={() => openModal("sign-up")} className="shrink-0">
        <UserRoundPlus aria-hidden="true" className="size-4" />
        {t("layout.account.upgrade")}
      </Button>
    </section>
  );
}

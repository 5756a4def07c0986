import { lazy, Suspense } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { RouterScope } from "../../../ui/router-scope";
import { useSession } from "../api/use-session";
import { useAuthModalStore } from "../state/auth-modal-store";

const AccountMenu = lazy(() => import("./account-menu").then((module) => ({ default: module.AccountMenu })));

const ENTRY_CLASSES =
  "hidden h-9 items-center whitespace-nowrap rounded-xl px-3 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500";

/**
 * The top bar's account corner (spec §2): Sign In (from 640 px) / Create Account (from 1024 px, where every
 * language's words fit beside it; both are in the slide-in menu below) when signed out, the account menu
 * when signed in. The menu (avatar, links, sign-out) loads as its own chunk.
 */
export function AccountEntry() {
  const { user, isLoading } = useSession();
  const openModal = useAuthModalStore((state) => state.openModal);
  const t = useT();
  if (isLoading) return null;
  if (user) {
    return (
      <Suspense
        fallback={<span aria-hidden="true" className="size-9 rounded-full bg-zinc-200 dark:bg-zinc-800" />}
      >
        <RouterScope>
          <AccountMenu user={user} />
        </RouterScope>
      </Suspense>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => openModal("sign-in")}
        className={`${ENTRY_CLASSES} text-zinc-700 hover:bg-zinc-100 sm:inline-flex dark:text-zinc-200 dark:hover:bg-zinc-800`}
      >
        {t("layout.account.signIn")}
      </button>
      <button
        type="button"
        onClick={() => openModal("sign-up")}
        className={`${ENTRY_CLASSES} bg-rose-600 text-white hover:bg-rose-700 lg:inline-flex`}
      >
        {t("layout.account.createAccount")}
      </button>
    </>
  );
}

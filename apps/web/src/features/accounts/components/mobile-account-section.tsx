// First: the contract module builds zod schemas, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { UserAvatar } from "../../../ui/user-avatar";
import { useSession } from "../api/use-session";
import { useSignOut } from "../hooks/use-sign-out";
import { useAuthModalStore } from "../state/auth-modal-store";

const ITEM_CLASSES =
  "block w-full rounded-xl px-4 py-3 text-start text-base font-medium text-zinc-800 transition-colors hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-200 dark:hover:bg-zinc-800";

/** The mobile menu's account group (spec §2): sign-in entries when signed out, account links when signed in. */
export function MobileAccountSection({ onPick }: { onPick: () => void }) {
  const t = useT();
  const { user } = useSession();
  const openModal = useAuthModalStore((state) => state.openModal);
  const signOut = useSignOut();
  const open = (modal: "sign-in" | "sign-up") => {
    onPick();
    openModal(modal);
  };
  return (
    <section
      aria-labelledby="mobile-menu-account"
      className="mt-6 border-t border-zinc-200 pt-4 dark:border-zinc-800"
    >
      <h2
        id="mobile-menu-account"
        className="px-4 pb-2 text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400"
      >
        {t("layout.account.heading")}
      </h2>
      {user ? (
        <ul className="space-y-1">
          <li className="flex items-center gap-3 px-4 py-2">
            <UserAvatar
              username={user.username}
              profileImage={user.profileImage}
              gender={user.gender}
              size="sm"
            />
            <span className="truncate font-semibold">{user.username}</span>
          </li>
          <li>
            <Link to="/group-chat/dashboard" className={ITEM_CLASSES} onClick={onPick}>
              {t("layout.account.dashboard")}
            </Link>
          </li>
          <li>
            <Link to="/settings" className={ITEM_CLASSES} onClick={onPick}>
              {t("layout.account.settings")}
            </Link>
          </li>
          {user.isGuest ? (
            <li>
              <button type="button" className={ITEM_CLASSES} onClick={() => open("sign-up")}>
                {t("layout.account.upgrade")}
              </button>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className={ITEM_CLASSES}
              onClick={() => {
                onPick();
                void signOut();
              }}
            >
              {t("layout.account.signOut")}
            </button>
          </li>
        </ul>
      ) : (
        <div className="grid gap-2 px-4">
          <button
            type="button"
            onClick={() => open("sign-in")}
            className="h-11 rounded-xl border border-zinc-300 font-semibold hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {t("layout.account.signIn")}
          </button>
          <button
            type="button"
            onClick={() => open("sign-up")}
            className="h-11 rounded-xl bg-rose-600 font-semibold text-white hover:bg-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
          >
            {t("layout.account.createAccount")}
          </button>
        </div>
      )}
    </section>
  );
}

// First: the contract module builds zod schemas, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import type { AccountUser } from "@heartline/shared";
import { ChevronDown, LayoutDashboard, LogOut, MailCheck, Settings, Sparkles } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { useMenuKeys } from "../../../ui/use-menu-keys";
import { UserAvatar } from "../../../ui/user-avatar";
import { needsEmailVerification } from "../domain/account-status";
import { useSignOut } from "../hooks/use-sign-out";
import { useAuthModalStore } from "../state/auth-modal-store";

const ITEM_CLASSES =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-zinc-800 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-200 dark:hover:bg-zinc-800";

/** The signed-in account menu of the top bar: a disclosure that closes on Escape, outside click and navigation. */
export function AccountMenu({ user }: { user: AccountUser }) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const openModal = useAuthModalStore((state) => state.openModal);

  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  const close = useCallback(() => setOpen(false), []);
  // issue #38: opening puts the focus on the first item; arrow keys move between them.
  useMenuKeys({ isOpen, panelRef, triggerRef: buttonRef, rootRef, close });

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t("layout.account.menuFor", { username: user.username })}
        onClick={() => setOpen((open) => !open)}
        className="inline-flex items-center gap-2 rounded-full p-0.5 pe-1 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 sm:pe-2 dark:hover:bg-zinc-800"
      >
        <UserAvatar
          username={user.username}
          profileImage={user.profileImage}
          gender={user.gender}
          size="sm"
        />
        <span className="hidden max-w-32 truncate text-sm font-semibold sm:inline">{user.username}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-zinc-500 sm:block" />
      </button>
      {isOpen ? (
        <div
          id={panelId}
          ref={panelRef}
          className="absolute end-0 z-50 mt-2 w-60 animate-fade-in rounded-2xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="border-b border-zinc-200 px-3 pt-1 pb-2 dark:border-zinc-800">
            <p className="truncate text-sm font-semibold">{user.username}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
              {user.isGuest ? t("layout.account.guest") : (user.email ?? "")}
            </p>
          </div>
          <ul className="mt-1 space-y-0.5">
            <li>
              <Link to="/group-chat/dashboard" className={ITEM_CLASSES}>
                <LayoutDashboard aria-hidden="true" className="size-4" /> {t("layout.account.dashboard")}
              </Link>
            </li>
            <li>
              <Link to="/settings" className={ITEM_CLASSES}>
                <Settings aria-hidden="true" className="size-4" /> {t("layout.account.settings")}
              </Link>
            </li>
            {needsEmailVerification(user) ? (
              <li>
                <button
                  type="button"
                  className={ITEM_CLASSES}
                  onClick={() => {
                    setOpen(false);
                    openModal("verify-email");
                  }}
                >
                  <MailCheck aria-hidden="true" className="size-4 text-rose-600 dark:text-rose-400" />{" "}
                  {t("layout.account.verifyEmail")}
                </button>
              </li>
            ) : null}
            {user.isGuest && !needsEmailVerification(user) ? (
              <li>
                <button
                  type="button"
                  className={ITEM_CLASSES}
                  onClick={() => {
                    setOpen(false);
                    openModal("sign-up");
                  }}
                >
                  <Sparkles aria-hidden="true" className="size-4 text-rose-600 dark:text-rose-400" />{" "}
                  {t("layout.account.upgrade")}
                </button>
              </li>
            ) : null}
            <li>
              <button
                type="button"
                className={ITEM_CLASSES}
                onClick={() => {
                  setOpen(false);
                  void signOut();
                }}
              >
                <LogOut aria-hidden="true" className="size-4" /> {t("layout.account.signOut")}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

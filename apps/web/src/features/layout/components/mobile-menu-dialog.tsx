import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { LanguageSelect } from "../../../lib/i18n/language-select";
import { useT } from "../../../lib/i18n/use-t";
import { Logo } from "../../../ui/logo";
import { useRestoreFocus } from "../../../ui/use-restore-focus";
import { MobileAccountSection, useSaveAccountLocale } from "../../accounts";
import { MOBILE_MENU_LEGAL_LINKS, MOBILE_MENU_LINKS, type NavLinkItem } from "../nav-links";

export interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const ITEM_CLASSES =
  "block rounded-xl px-4 py-3 text-base font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500";

function itemClasses({ isActive }: { isActive: boolean }): string {
  return isActive
    ? `${ITEM_CLASSES} bg-rose-50 text-rose-700 dark:bg-rose-950/50 dark:text-rose-300`
    : `${ITEM_CLASSES} text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800`;
}

function LinkList({ links, onPick }: { links: readonly NavLinkItem[]; onPick: () => void }) {
  const t = useT();
  return (
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.to}>
          {/* Picking the page already shown changes no route, so the click closes the menu too. */}
          <NavLink to={link.to} end={link.to === "/"} className={itemClasses} onClick={onPick}>
            {t(link.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** spec §2 Slide-in mobile menu (from the left): main links plus the Legal group. */
export function MobileMenuDialog({ open, onOpenChange }: MobileMenuDialogProps) {
  const t = useT();
  const saveAccountLocale = useSaveAccountLocale();
  const close = () => onOpenChange(false);
  const focusHandlers = useRestoreFocus();
  // spec §2 The menu closes on route change (back and forward too, not only a picked link).
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    onOpenChange(false);
  }, [pathname, onOpenChange]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-zinc-950/60 backdrop-blur-sm" />
        <RadixDialog.Content
          aria-describedby={undefined}
          {...focusHandlers}
          className="fixed inset-y-0 start-0 z-50 flex w-[min(20rem,85vw)] animate-slide-in-left flex-col overflow-y-auto border-e border-zinc-200 bg-white p-4 shadow-2xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="mb-4 flex items-center justify-between">
            <Logo size="sm" />
            <RadixDialog.Title className="sr-only">{t("layout.nav.menu")}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t("layout.menu.close")}
              className="inline-flex size-10 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <nav aria-label={t("layout.nav.menu")}>
            <LinkList links={MOBILE_MENU_LINKS} onPick={close} />
            <section
              aria-labelledby="mobile-menu-legal"
              className="mt-6 border-t border-zinc-200 pt-4 dark:border-zinc-800"
            >
              <h2
                id="mobile-menu-legal"
                className="px-4 pb-2 text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400"
              >
                {t("layout.menu.legal")}
              </h2>
              <LinkList links={MOBILE_MENU_LEGAL_LINKS} onPick={close} />
            </section>
            <MobileAccountSection onPick={close} />
            <div className="mt-6 border-t border-zinc-200 px-4 pt-4 dark:border-zinc-800">
              <LanguageSelect variant="field" onChosen={saveAccountLocale} />
            </div>
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

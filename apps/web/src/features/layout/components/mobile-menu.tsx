import { lazy, Suspense, useState } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { RouterScope } from "../../../ui/router-scope";
import { MenuIcon } from "../../../ui/shell-icons";

const loadMenuDialog = () => import("./mobile-menu-dialog");
const MobileMenuDialog = lazy(() =>
  loadMenuDialog().then((module) => ({ default: module.MobileMenuDialog })),
);

/**
 * The "Open menu" button of small screens and its slide-in menu, loaded on first use. The button needs
 * no router (issue #36: it is part of the public pages' islands); the menu, with its links, does.
 */
export function MobileMenu() {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);

  const open = () => {
    setHasOpened(true);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        aria-label={t("layout.menu.open")}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={open}
        onPointerEnter={loadMenuDialog}
        onFocus={loadMenuDialog}
        className="inline-flex size-10 items-center justify-center rounded-xl text-zinc-700 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 xl:hidden dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <MenuIcon className="size-6" />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <RouterScope>
            <MobileMenuDialog open={isOpen} onOpenChange={setOpen} />
          </RouterScope>
        </Suspense>
      ) : null}
    </>
  );
}

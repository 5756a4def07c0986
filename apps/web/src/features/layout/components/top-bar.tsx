import { Link, NavLink } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { Island } from "../../../ui/island";
import { Logo } from "../../../ui/logo";
import type { TopBarMode } from "../layout-rules";
import { TOP_BAR_LINKS } from "../nav-links";
import { TopBarControls } from "./top-bar-controls";

export interface TopBarProps {
  /** "desktop-only" hides the bar below 768 px (spec §2, /chat). */
  mode: Exclude<TopBarMode, "none">;
}

const NAV_LINK_CLASSES =
  "whitespace-nowrap rounded-lg px-2 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500";

function navLinkClasses({ isActive }: { isActive: boolean }): string {
  return isActive
    ? `${NAV_LINK_CLASSES} bg-rose-50 text-rose-700 dark:bg-rose-950/50 dark:text-rose-300`
    : `${NAV_LINK_CLASSES} text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white`;
}

/**
 * The site header. Its links show from 1280 px (xl), where they fit beside the controls in every language
 * (Arabic, German and Hindi run longer than English); below that they are in the slide-in menu. Navigation away from a live random chat is intercepted by the Leave Chat guard
 * (a router blocker), so these stay plain links; on a prerendered public page they stay HTML, and only
 * the controls on the right hydrate (issue #36).
 */
export function TopBar({ mode }: TopBarProps) {
  const t = useT();
  const visibility = mode === "desktop-only" ? "hidden md:block" : "block";
  return (
    <header
      className={`${visibility} sticky top-0 z-40 border-b border-zinc-200/80 bg-white/85 backdrop-blur-md dark:border-zinc-800/80 dark:bg-zinc-950/85`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link
          to="/"
          aria-label={t("layout.home")}
          className="-m-1 rounded-xl p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
        >
          <Logo isWordmarkNarrowHidden />
        </Link>
        <nav aria-label={t("layout.nav.main")} className="ms-2 hidden flex-1 items-center gap-1 xl:flex">
          {TOP_BAR_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navLinkClasses}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        <Island name="top-bar-controls">
          <TopBarControls />
        </Island>
      </div>
    </header>
  );
}

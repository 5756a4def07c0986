import { useT } from "../../../lib/i18n/use-t";
import { MoonIcon, SunIcon } from "../../../ui/shell-icons";
import { useTheme } from "../hooks/use-theme";

export interface ThemeToggleProps {
  className?: string;
}

export function ThemeToggle({ className = "" }: ThemeToggleProps) {
  const { resolved, toggle } = useTheme();
  const isDark = resolved === "dark";
  const t = useT();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={isDark ? t("layout.theme.toLight") : t("layout.theme.toDark")}
      className={`inline-flex size-10 items-center justify-center rounded-xl text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white ${className}`}
    >
      {/* The icon follows the document's class, so a prerendered page shows the right one before hydration. */}
      <SunIcon className="hidden size-5 dark:block" />
      <MoonIcon className="size-5 dark:hidden" />
    </button>
  );
}

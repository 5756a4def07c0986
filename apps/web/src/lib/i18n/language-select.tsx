import { LANGUAGE_CODES, LANGUAGE_NAMES, type SiteLocale } from "@heartline/shared";
import { useId } from "react";
import { GlobeIcon } from "../../ui/shell-icons";
import { switchLocale } from "./switch-locale";
import { useLocale, useT } from "./use-t";

export interface LanguageSelectProps {
  /** "compact" for the top bar (an icon and the language's own name), "field" for Settings (a visible label). */
  variant?: "compact" | "field";
  /** Told after the choice is saved in this browser (the account keeps it too: accounts feature). */
  onChosen?: (locale: SiteLocale) => void;
  /** Extra classes of the wrapper (the top bar hides it on phones, where the menu has it). */
  className?: string;
}

/**
 * Issue #39: the language switcher, a native select (labelled, keyboard reachable, and a phone's own
 * picker), each language named in itself. Choosing one saves it and shows the site in it.
 */
export function LanguageSelect({ variant = "compact", onChosen, className = "" }: LanguageSelectProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const isCompact = variant === "compact";
  return (
    <div className={`${isCompact ? "relative items-center" : "flex flex-col gap-2"} ${className}`}>
      <label htmlFor={id} className={isCompact ? "sr-only" : "text-sm font-medium"}>
        {t("i18n.language.label")}
      </label>
      {isCompact ? (
        <GlobeIcon className="pointer-events-none absolute start-2.5 size-4 text-zinc-500 dark:text-zinc-400" />
      ) : null}
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value as SiteLocale;
          void switchLocale(chosen).then(() => onChosen?.(chosen));
        }}
        className={
          isCompact
            ? "h-10 max-w-[8.5rem] cursor-pointer appearance-none truncate rounded-xl bg-transparent ps-8 pe-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-200 dark:hover:bg-zinc-800"
            : "h-11 w-full max-w-xs rounded-xl border border-zinc-300 bg-white px-3 text-sm text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        }
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

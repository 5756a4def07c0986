import { LANGUAGE_CODES, LANGUAGE_NAMES, type LanguageCode, MAX_LANGUAGES } from "@heartline/shared";
import { useState } from "react";
import { useT } from "../../../lib/i18n/use-t";
import { readChatLanguages, saveChatLanguages } from "../state/chat-languages";

/**
 * "Languages I speak" (issue #39): up to three of the site's eight languages, each named in its own
 * language. Native checkboxes styled as chips, so Tab, Space and screen readers work as usual; once
 * three are chosen the others are disabled and the hint says why. Remembered in this browser.
 */
export function LanguagesPicker() {
  const [chosen, setChosen] = useState<LanguageCode[]>(readChatLanguages);
  const isFull = chosen.length >= MAX_LANGUAGES;
  const t = useT();

  const toggle = (language: LanguageCode) => {
    const next = chosen.includes(language)
      ? chosen.filter((code) => code !== language)
      : [...chosen, language].slice(0, MAX_LANGUAGES);
    setChosen(next);
    saveChatLanguages(next);
  };

  return (
    <fieldset aria-describedby="chat-languages-hint" data-testid="languages-picker">
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {t("chat.languages")}{" "}
        <span className="font-normal text-zinc-500 dark:text-zinc-400">{t("chat.optional")}</span>
      </legend>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {LANGUAGE_CODES.map((code) => {
          const isChosen = chosen.includes(code);
          return (
            <label
              key={code}
              lang={code}
              dir="auto"
              className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-zinc-200 px-2 text-center text-sm leading-tight font-medium text-zinc-700 transition-colors hover:border-rose-300 has-checked:border-rose-500 has-checked:bg-rose-50 has-checked:text-rose-700 has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:ring-2 has-focus-visible:ring-rose-500 dark:border-zinc-700 dark:text-zinc-300 dark:hover:border-rose-700 dark:has-checked:bg-rose-950/50 dark:has-checked:text-rose-300"
            >
              <input
                type="checkbox"
                name="languages"
                value={code}
                checked={isChosen}
                disabled={isFull && !isChosen}
                onChange={() => toggle(code)}
                className="sr-only"
              />
              {LANGUAGE_NAMES[code]}
            </label>
          );
        })}
      </div>
      <p
        id="chat-languages-hint"
        aria-live="polite"
        className="mt-1 text-xs text-zinc-600 dark:text-zinc-400"
      >
        {isFull
          ? t("chat.languages.full", { max: MAX_LANGUAGES })
          : t("chat.languages.hint", { max: MAX_LANGUAGES })}
      </p>
    </fieldset>
  );
}

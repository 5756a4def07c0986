import { Monitor, Moon, Sun } from "lucide-react";
import type { ComponentType } from "react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { useTheme } from "../hooks/use-theme";
import type { ThemePreference } from "../theme";

const OPTIONS: {
  value: ThemePreference;
  label: MessageId;
  hint: MessageId;
  Icon: ComponentType<{ className?: string }>;
}[] = [
  { value: "light", label: "theme.light", hint: "theme.light.hint", Icon: Sun },
  { value: "dark", label: "theme.dark", hint: "theme.dark.hint", Icon: Moon },
  { value: "system", label: "theme.system", hint: "theme.system.hint", Icon: Monitor },
];

/** The theme choice as a native radio group (arrow keys move between options). */
export function ThemeRadioGroup() {
  const t = useT();
  const { preference, setPreference } = useTheme();
  return (
    <fieldset>
      <legend className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
        {t("theme.legend")}
      </legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {OPTIONS.map(({ value, label, hint, Icon }) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 p-4 transition-colors hover:border-rose-300 has-checked:border-rose-500 has-checked:bg-rose-50 has-focus-visible:ring-2 has-focus-visible:ring-rose-500 dark:border-zinc-700 dark:hover:border-rose-700 dark:has-checked:border-rose-500 dark:has-checked:bg-rose-950/40"
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={preference === value}
              onChange={() => setPreference(value)}
              className="sr-only"
            />
            <Icon aria-hidden="true" className="size-5 shrink-0 text-rose-600 dark:text-rose-400" />
            <span className="flex flex-col">
              <span className="font-medium text-zinc-900 dark:text-zinc-100">{t(label)}</span>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{t(hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

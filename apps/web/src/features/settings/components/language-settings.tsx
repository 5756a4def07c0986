import { LanguageSelect } from "../../../lib/i18n/language-select";
import { useT } from "../../../lib/i18n/use-t";
import { Card } from "../../../ui/card";
import { useSaveAccountLocale } from "../../accounts";

/** Issue #39: the site's language, as in the top bar; kept in this browser and on the account. */
export function LanguageSettings() {
  const t = useT();
  const saveAccountLocale = useSaveAccountLocale();
  return (
    <Card as="section" aria-labelledby="language-heading" className="mt-6">
      <h2 id="language-heading" className="text-lg font-semibold">
        {t("settings.language.title")}
      </h2>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
        {t("settings.language.description")}
      </p>
      <LanguageSelect variant="field" onChosen={saveAccountLocale} />
    </Card>
  );
}

import { isAuthenticatedUser } from "@heartline/shared";
import { HardDrive, Settings } from "lucide-react";
import { RichText } from "../../../lib/i18n/rich-text";
import { useCatalog, useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Card } from "../../../ui/card";
import { PageSpinner } from "../../../ui/page-spinner";
import { useSession } from "../../accounts";
import { NotificationSettingsSection } from "../../notifications";
import { THEME_STORAGE_KEY, ThemeRadioGroup } from "../../theme";
import { AccountSecuritySection } from "../components/account-security-section";
import { AiCompanionSettings } from "../components/ai-companion-settings";
import { LanguageSettings } from "../components/language-settings";
import { SensitiveImagesSettings } from "../components/sensitive-images-settings";
import { SettingSwitch } from "../components/setting-switch";
import { AI_FALLBACK_STORAGE_KEY } from "../state/ai-fallback-setting";

/** /settings (spec §2): appearance, the AI companion switch, and where settings are kept. */
export function SettingsPage() {
  const t = useT();
  useDocumentTitle(t("layout.account.settings"));
  const { user } = useSession();
  // Issue #39: the page's words are in the "account" catalog, loaded after the app starts.
  if (!useCatalog("account")) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white">
          <Settings aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">
          {t("layout.account.settings")}
        </h1>
      </div>

      <Card as="section" aria-labelledby="appearance-heading" className="mt-8">
        <h2 id="appearance-heading" className="text-lg font-semibold">
          {t("settings.appearance.title")}
        </h2>
        <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
          {t("settings.appearance.description")}
        </p>
        <ThemeRadioGroup />
      </Card>

      <LanguageSettings />

      <AccountSecuritySection />

      <AiCompanionSettings />

      <SensitiveImagesSettings />

      <NotificationSettingsSection
        isEnabled={Boolean(user && isAuthenticatedUser(user))}
        Switch={SettingSwitch}
      />

      <Card as="section" aria-labelledby="storage-heading" className="mt-6">
        <h2 id="storage-heading" className="flex items-center gap-2 text-lg font-semibold">
          <HardDrive aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />
          {t("settings.storage.title")}
        </h2>
        <dl className="mt-4 space-y-4 text-sm">
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">
              {t("settings.storage.theme.title")}
            </dt>
            <dd className="mt-1 text-zinc-600 dark:text-zinc-400">
              <RichText
                message={t("settings.storage.theme.text", { key: THEME_STORAGE_KEY })}
                elements={[<code key="key" className="font-mono" />]}
              />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">
              {t("settings.storage.chat.title")}
            </dt>
            <dd className="mt-1 text-zinc-600 dark:text-zinc-400">
              <RichText
                message={t("settings.storage.chat.text", { key: AI_FALLBACK_STORAGE_KEY })}
                elements={[
                  <code key="chat" className="font-mono" />,
                  <code key="ai" className="font-mono" />,
                ]}
              />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">
              {t("settings.storage.account.title")}
            </dt>
            <dd className="mt-1 text-zinc-600 dark:text-zinc-400">{t("settings.storage.account.text")}</dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}

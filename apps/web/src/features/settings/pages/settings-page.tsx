import { isAuthenticatedUser } from "@heartline/shared";
import { HardDrive, Settings } from "lucide-react";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Card } from "../../../ui/card";
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
  useDocumentTitle("Settings");
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white">
          <Settings aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100">Settings</h1>
      </div>

      <Card as="section" aria-labelledby="appearance-heading" className="mt-8">
        <h2 id="appearance-heading" className="text-lg font-semibold">
          Appearance
        </h2>
        <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
          Choose light or dark, or let Heartline follow your device.
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
          Where your settings are kept
        </h2>
        <dl className="mt-4 space-y-4 text-sm">
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">Theme</dt>
            <dd className="mt-1 text-zinc-600 dark:text-zinc-400">
              Only in this browser, in local storage under{" "}
              <code className="font-mono">{THEME_STORAGE_KEY}</code>. It is never sent to our servers.
              Clearing your browser data resets it to follow your device.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">Random chat</dt>
            <dd className="mt-1 text-zinc-600 dark:text-zinc-400">
              Your gender and preference choice and three counters, in local storage under{" "}
              <code className="font-mono">chat-storage</code>; the AI companion switch under{" "}
              <code className="font-mono">{AI_FALLBACK_STORAGE_KEY}</code>. Chats themselves are never stored.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-zinc-900 dark:text-zinc-100">Account details</dt>
            <dd className="mt-1 text-zinc-600 dark:text-zinc-400">
              Your username, profile and account settings are stored with your account on our servers, so they
              follow you to any device you sign in on.
            </dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}

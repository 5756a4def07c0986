import { EyeOff } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { localizedMessage, useSession } from "../../accounts";
import { useSensitiveImagesSetting } from "../api/use-sensitive-images-setting";
import { SettingCard } from "./setting-card";
import { SettingSwitch } from "./setting-switch";

/**
 * Issue #15: images AutoMod judges explicit reach direct messages blurred; with this on, the receiver
 * may reveal one with "Show image". Off by default, stored with the account (registered users only:
 * guests have no direct messages).
 */
export function SensitiveImagesSettings() {
  const t = useT();
  const { user } = useSession();
  const setting = useSensitiveImagesSetting();
  if (!user || user.isGuest) return null;
  const checked = setting.isPending
    ? (setting.variables ?? user.showSensitiveImages)
    : user.showSensitiveImages;
  return (
    <SettingCard
      id="sensitive-heading"
      icon={<EyeOff aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />}
      title={t("settings.sensitive.title")}
    >
      <SettingSwitch
        id="sensitive-images-switch"
        label={t("settings.sensitive.switch")}
        checked={checked}
        disabled={setting.isPending}
        onChange={(next) => setting.mutate(next)}
      />
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t("settings.sensitive.text")}</p>
      {setting.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {localizedMessage(setting.error.message)}
        </p>
      ) : null}
    </SettingCard>
  );
}

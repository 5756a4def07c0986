import { EyeOff } from "lucide-react";
import { useSession } from "../../accounts";
import { useSensitiveImagesSetting } from "../api/use-sensitive-images-setting";
import { SettingCard } from "./setting-card";
import { SettingSwitch } from "./setting-switch";

/**
 * Issue #15: images AutoMod judges explicit reach direct messages blurred; with this on, the receiver
 * may reveal one with "Show image". Off by default, stored with the account (registered users only:
 * guests have no direct messages).
 */
export function SensitiveImagesSettings() {
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
      title="Sensitive images"
    >
      <SettingSwitch
        id="sensitive-images-switch"
        label="Show sensitive images in direct messages"
        checked={checked}
        disabled={setting.isPending}
        onChange={(next) => setting.mutate(next)}
      />
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        AutoMod blurs images it finds explicit. With this on, you can choose to reveal one with “Show image”;
        with it off they stay blurred. Saved with your account.
      </p>
      {setting.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-300">
          {setting.error.message}
        </p>
      ) : null}
    </SettingCard>
  );
}

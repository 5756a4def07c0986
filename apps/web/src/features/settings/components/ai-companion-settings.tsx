import { Bot } from "lucide-react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { useT } from "../../../lib/i18n/use-t";
import { useAppSocket, useServerSession } from "../../../lib/socket";
import { useAiFallbackSetting } from "../state/ai-fallback-setting";
import { SettingCard } from "./setting-card";
import { SettingSwitch } from "./setting-switch";

function statusText(aiAvailable: boolean | null): MessageId {
  if (aiAvailable === null) return "settings.ai.checking";
  return aiAvailable ? "settings.ai.available" : "settings.ai.notConfigured";
}

/** ARCHITECTURE §9.2: the AI companion is disclosed, optional, and honest about where messages go. */
export function AiCompanionSettings() {
  const t = useT();
  const allowAI = useAiFallbackSetting((state) => state.allowAI);
  const setAllowAI = useAiFallbackSetting((state) => state.setAllowAI);
  const { aiAvailable } = useServerSession(useAppSocket());
  // issue #38: with no AI configured the switch shows off and cannot be turned on, and says why.
  const isUnavailable = aiAvailable === false;

  return (
    <SettingCard
      id="ai-heading"
      icon={<Bot aria-hidden="true" className="size-5 text-fuchsia-600 dark:text-fuchsia-400" />}
      title={t("settings.ai.title")}
    >
      <SettingSwitch
        id="ai-switch"
        label={t("settings.ai.switch")}
        checked={allowAI && !isUnavailable}
        disabled={isUnavailable}
        disabledReason={t("settings.ai.unavailableReason")}
        onChange={setAllowAI}
      />
      <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-zinc-600 dark:text-zinc-400">
        <li>{t("settings.ai.point1")}</li>
        <li>{t("settings.ai.point2")}</li>
        <li>{t("settings.ai.point3")}</li>
      </ul>
      <p className="mt-3 text-sm">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{t("settings.ai.onThisServer")}</span>
        <span data-testid="ai-server-status" className="text-zinc-700 dark:text-zinc-300">
          {t(statusText(aiAvailable))}
        </span>
      </p>
    </SettingCard>
  );
}

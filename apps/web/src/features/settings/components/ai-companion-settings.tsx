import { Bot } from "lucide-react";
import { useAppSocket, useServerSession } from "../../../lib/socket";
import { useAiFallbackSetting } from "../state/ai-fallback-setting";
import { SettingCard } from "./setting-card";
import { SettingSwitch } from "./setting-switch";

function statusText(aiAvailable: boolean | null): string {
  if (aiAvailable === null) return "checking…";
  return aiAvailable ? "available" : "not configured on this server";
}

/** ARCHITECTURE §9.2: the AI companion is disclosed, optional, and honest about where messages go. */
export function AiCompanionSettings() {
  const allowAI = useAiFallbackSetting((state) => state.allowAI);
  const setAllowAI = useAiFallbackSetting((state) => state.setAllowAI);
  const { aiAvailable } = useServerSession(useAppSocket());
  // issue #38: with no AI configured the switch shows off and cannot be turned on, and says why.
  const isUnavailable = aiAvailable === false;

  return (
    <SettingCard
      id="ai-heading"
      icon={<Bot aria-hidden="true" className="size-5 text-fuchsia-600 dark:text-fuchsia-400" />}
      title="AI companion"
    >
      <SettingSwitch
        id="ai-switch"
        label="Let an AI companion chat with me while nobody is found"
        checked={allowAI && !isUnavailable}
        disabled={isUnavailable}
        disabledReason="Unavailable: this server has no AI companion configured."
        onChange={setAllowAI}
      />
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-zinc-600 dark:text-zinc-400">
        <li>
          If nobody is found within 15 seconds, an AI persona may chat with you. It is always labelled AI.
        </li>
        <li>
          The search for a real person continues, and you're offered the switch as soon as one is found.
        </li>
        <li>Your messages to the AI go to the AI provider this server is configured with.</li>
      </ul>
      <p className="mt-3 text-sm">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">On this server: </span>
        <span data-testid="ai-server-status" className="text-zinc-700 dark:text-zinc-300">
          {statusText(aiAvailable)}
        </span>
      </p>
    </SettingCard>
  );
}

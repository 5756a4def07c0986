import { Clock, Users } from "lucide-react";
import { Link } from "react-router";
import { translate } from "../../../lib/i18n/i18n";
import { RichText } from "../../../lib/i18n/rich-text";
import { useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { useRandomChatStore } from "../state/random-chat-store";

const LINK =
  "font-semibold text-rose-700 underline underline-offset-2 hover:text-rose-800 dark:text-rose-300 dark:hover:text-rose-200";

export function searchingText(count: number): string {
  return translate("chat.waiting.searching", { count });
}

export interface WaitingAloneProps {
  onWiden: () => void;
}

/**
 * Issue 14, waiting alone: after ~20 s the screen says how many people are searching and offers
 * ways on — widen the preference to anyone (one click, the search goes on) or the group room.
 */
export function WaitingAlone({ onWiden }: WaitingAloneProps) {
  const searching = useRandomChatStore((state) => state.searchingCount);
  const preference = useRandomChatStore((state) => state.preference);
  const t = useT();
  return (
    <div
      data-testid="waiting-alone"
      className="mt-6 w-full space-y-3 rounded-2xl border border-zinc-200 bg-white px-4 py-4 text-left text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <p className="flex items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        <span data-testid="searching-count">
          {searching === null ? t("chat.waiting.still") : searchingText(searching)}
        </span>
      </p>
      {preference !== "any" ? (
        <div className="flex flex-wrap items-center gap-2">
          <span>{t("chat.waiting.few")}</span>
          <Button size="sm" onClick={onWiden}>
            {t("chat.waiting.widen")}
          </Button>
        </div>
      ) : null}
      <p>
        <RichText
          message={t("chat.waiting.groupRoom")}
          elements={[<Link key="room" to="/group-chat" className={LINK} />]}
        />
      </p>
    </div>
  );
}

/** Issue 14: when the rematch cooldown is what holds a match back, say so. */
export function CooldownNote() {
  const isHeldByCooldown = useRandomChatStore((state) => state.isHeldByCooldown);
  const t = useT();
  if (!isHeldByCooldown) return null;
  return (
    <p
      role="status"
      data-testid="cooldown-note"
      className="mt-4 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-left text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{t("chat.waiting.cooldown")}</span>
    </p>
  );
}

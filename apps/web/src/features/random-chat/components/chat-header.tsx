import type { Gender } from "@heartline/shared";
import { Bot, Flag, LogOut, SkipForward } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";
import { LogoMark } from "../../../ui/logo";
import type { ChatPartner } from "../state/random-chat-types";

/** spec §3 gender colours: female pink, male blue, other purple, prefer-not-to-say grey. */
const GENDER_DOT: Record<Gender, string> = {
  female: "bg-pink-500",
  male: "bg-blue-500",
  other: "bg-purple-500",
  "prefer-not-to-say": "bg-zinc-400",
};

export function partnerLabelOf(partner: ChatPartner | null, t: ReturnType<typeof useT>): string {
  if (partner?.isAI) return partner.name ?? t("chat.partner.ai");
  return t("chat.partner.stranger");
}

export interface ChatHeaderProps {
  partner: ChatPartner | null;
  isConnected: boolean;
  onNext: () => void;
  onEnd: () => void;
  onReport: () => void;
}

const ACTION =
  "inline-flex h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500";

/** Who you're talking to (the AI is labelled before its first message), and Next / End / Report. */
export function ChatHeader({ partner, isConnected, onNext, onEnd, onReport }: ChatHeaderProps) {
  const t = useT();
  const label = partnerLabelOf(partner, t);
  const gender = partner ? t(`gender.${partner.gender}`) : undefined;
  return (
    <div className="flex items-center gap-2 border-b border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      {/* The top bar is hidden on phones on /chat (spec §2): the logo stays reachable here (issue 14);
          the Leave Chat guard asks before it leaves a live chat. */}
      <Link
        to="/"
        aria-label={t("layout.home")}
        className="shrink-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 md:hidden"
      >
        <LogoMark size="sm" />
      </Link>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        {partner?.isAI ? (
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-fuchsia-500 to-violet-600 text-white">
            <Bot aria-hidden="true" className="size-5" />
          </span>
        ) : (
          <span
            aria-hidden="true"
            title={gender}
            className={`size-3 shrink-0 rounded-full ${partner ? GENDER_DOT[partner.gender] : "bg-zinc-300"}`}
          />
        )}
        <h1
          data-testid="partner-label"
          className={`truncate text-base font-bold text-zinc-900 dark:text-zinc-100 ${partner?.isAI ? "" : "shrink-0"}`}
        >
          {label}
        </h1>
        {partner?.isAI ? (
          <span
            data-testid="ai-badge"
            title={t("chat.partner.aiTitle")}
            className="shrink-0 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-bold text-violet-800 dark:bg-violet-900/60 dark:text-violet-200"
          >
            {t("chat.partner.aiBadge")}
          </span>
        ) : null}
        {partner && !partner.isAI ? (
          // Issue 14: the gender in words beside the dot, not colour alone.
          <span
            data-testid="partner-gender"
            // issue #38: "Stranger" keeps its room on phones; a long gender ("Prefer not to say") gives way.
            className="min-w-0 truncate text-xs font-medium text-zinc-600 dark:text-zinc-400"
          >
            {gender}
          </span>
        ) : null}
      </div>
      {isConnected ? (
        <>
          <button
            type="button"
            onClick={onReport}
            aria-label={t("chat.header.report")}
            className={`${ACTION} text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800`}
          >
            <Flag aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            onClick={onEnd}
            aria-label={t("chat.header.end")}
            className={`${ACTION} text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800`}
          >
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {/* Icon only on phones, so the partner's label and gender keep their room beside the logo. */}
            <span className="hidden sm:inline">{t("chat.header.end")}</span>
          </button>
          <button
            type="button"
            onClick={onNext}
            className={`${ACTION} bg-gradient-to-r from-rose-600 to-fuchsia-600 text-white hover:from-rose-700 hover:to-fuchsia-700`}
          >
            <SkipForward aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t("chat.header.next")}
          </button>
        </>
      ) : null}
    </div>
  );
}

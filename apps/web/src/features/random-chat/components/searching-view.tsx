import { displayedOnlineCount } from "@heartline/shared";
import { Bot, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { compositorMotionRef } from "../../../lib/compositor-motion";
import { formatCount } from "../../../lib/format-count";
import { RichText } from "../../../lib/i18n/rich-text";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { Button } from "../../../ui/button";
import { useAiFallbackSetting } from "../../settings";
import type { RandomChatActions } from "../state/random-chat-actions";
import { useRandomChatStore } from "../state/random-chat-store";
import { ReportLastPartner } from "./report-last-partner";
import { CooldownNote, WaitingAlone } from "./waiting-alone";

export interface SearchingViewProps {
  onCancel: () => void;
  onReport: RandomChatActions["report"];
  onWiden: () => void;
  onRefreshLineStatus: () => void;
}

/** Issue 14: after this long alone, the screen offers ways on. */
export const WAITING_ALONE_AFTER_S = 20;
/** How often the waiting screen asks how the line looks. */
export const LINE_STATUS_POLL_MS = 5_000;

function useElapsedSeconds(): number {
  const [startedAt] = useState(() => Date.now());
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return seconds;
}

/** searching/waiting (spec §4): looking for a partner, with an honest note about the AI companion. */
export function SearchingView({ onCancel, onReport, onWiden, onRefreshLineStatus }: SearchingViewProps) {
  const seconds = useElapsedSeconds();
  useEffect(() => {
    const timer = setInterval(onRefreshLineStatus, LINE_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [onRefreshLineStatus]);
  const aiAvailable = useRandomChatStore((state) => state.aiAvailable);
  const allowAI = useAiFallbackSetting((state) => state.allowAI);
  // spec §1: people see the real count (500 when unknown); the simulated one is never shown.
  const online = displayedOnlineCount(useRandomChatStore((state) => state.realUserCount));
  const t = useT();
  const locale = useLocale();

  return (
    <section
      aria-labelledby="searching-heading"
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-4 py-12 text-center"
    >
      <div className="relative flex size-24 items-center justify-center">
        <span
          ref={compositorMotionRef}
          aria-hidden="true"
          className="absolute inset-0 animate-ping rounded-full bg-rose-400/30 motion-reduce:animate-none"
        />
        <span className="relative inline-flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white">
          <Loader2
            ref={compositorMotionRef}
            aria-hidden="true"
            className="size-9 animate-spin motion-reduce:animate-none"
          />
        </span>
      </div>
      <h1
        id="searching-heading"
        className="mt-8 text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-100"
      >
        {t("chat.searching.title")}
      </h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400" aria-live="off">
        <RichText
          message={t("chat.searching.elapsed", { seconds })}
          elements={[<span key="seconds" data-testid="search-elapsed" />]}
        />
        {` · ${t("layout.online", { count: formatCount(online, locale) })}`}
      </p>
      <CooldownNote />
      {seconds >= WAITING_ALONE_AFTER_S ? <WaitingAlone onWiden={onWiden} /> : null}
      <p className="mt-6 flex items-start gap-2 rounded-2xl border border-zinc-200 px-4 py-3 text-left text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <Bot aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fuchsia-600 dark:text-fuchsia-400" />
        <span data-testid="ai-note">
          {aiAvailable === false
            ? t("chat.searching.aiUnavailable")
            : !allowAI
              ? t("chat.searching.aiOff")
              : t("chat.searching.aiOn")}{" "}
          <Link
            to="/settings"
            className="font-medium text-rose-600 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-rose-400"
          >
            {t("chat.settings")}
          </Link>
        </span>
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("chat.cancel")}
        </Button>
        <ReportLastPartner onReport={onReport} />
      </div>
    </section>
  );
}

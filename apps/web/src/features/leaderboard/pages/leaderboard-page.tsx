import { STREAK_BADGE_THRESHOLDS } from "@heartline/shared";
import { CalendarClock, Flame, MessageCircleHeart, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { RichText } from "../../../lib/i18n/rich-text";
import { serverErrorText } from "../../../lib/i18n/server-error-text";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { StreakBadge } from "../../streaks";
import { useLeaderboard } from "../api/use-leaderboard";
import { LeaderboardList } from "../components/leaderboard-list";

/** How a user's score is defined (issue #12; the server's one indexed query ranks by it), in English. */
export const LEADERBOARD_SCORE_TEXT =
  "A user's score is their best active streak with any friend; ties go to whoever reached it first.";

const STRONG = <strong className="text-zinc-900 dark:text-zinc-100" />;

/** "7, 30, 100 and 365" as the language lists them (English keeps its own form). */
function thresholdsText(locale: string): string {
  const values = STREAK_BADGE_THRESHOLDS.map(String);
  if (locale === "en") return values.join(", ").replace(/, (\d+)$/, " and $1");
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(values);
}

/**
 * spec §2 Leaderboard page: the live top 10 from the server, refreshed every 10 s while visible. The
 * home page keeps its static sample (spec §1); only this page is live.
 */
export function LeaderboardPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t("layout.link.leaderboard"));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-lg shadow-rose-500/25">
          <Trophy aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-100">
          {t("layout.link.leaderboard")}
        </h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("leaderboard.intro")}</p>
      </header>

      <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="leaderboard-top-heading">
          <h2
            id="leaderboard-top-heading"
            className="mb-4 text-lg font-semibold text-zinc-900 dark:text-zinc-100"
          >
            {t("leaderboard.top")}
          </h2>
          <p data-testid="leaderboard-score" className="-mt-2 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
            {t("leaderboard.score")}
          </p>
          <LiveLeaderboard />
        </section>

        <section
          aria-labelledby="leaderboard-how-heading"
          className="rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h2 id="leaderboard-how-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
            {t("leaderboard.how")}
          </h2>
          <ul className="mt-4 space-y-4 text-sm text-zinc-600 dark:text-zinc-400">
            <HowItem icon={<MessageCircleHeart aria-hidden="true" className="size-5" />}>
              <RichText message={t("leaderboard.how.friends")} elements={[STRONG]} />
            </HowItem>
            <HowItem icon={<CalendarClock aria-hidden="true" className="size-5" />}>
              <RichText message={t("leaderboard.how.utc")} elements={[STRONG]} />
            </HowItem>
            <HowItem icon={<Flame aria-hidden="true" className="size-5" />}>
              {t("leaderboard.how.badges", { list: thresholdsText(locale) })}
            </HowItem>
          </ul>
          <ul aria-label={t("leaderboard.badges")} className="mt-5 flex flex-wrap gap-2">
            {STREAK_BADGE_THRESHOLDS.map((days) => (
              <li key={days}>
                <StreakBadge streakCount={days} size={36} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function LiveLeaderboard() {
  const leaderboard = useLeaderboard();
  const t = useT();
  // A failed background refresh keeps the last list on screen.
  if (leaderboard.data) return <LeaderboardList entries={leaderboard.data.entries} />;
  if (leaderboard.isError) {
    return (
      <div
        role="alert"
        data-testid="leaderboard-error"
        className="flex flex-col items-center gap-3 rounded-2xl border border-rose-200 bg-rose-50 px-6 py-10 text-center text-sm text-rose-800 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-200"
      >
        <p>
          {t("leaderboard.failed")} {serverErrorText({ message: leaderboard.error.message })}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void leaderboard.refetch()}>
          {t("group.tryAgain")}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-center rounded-2xl border border-zinc-200 bg-white py-12 dark:border-zinc-800 dark:bg-zinc-900">
      <Spinner label={t("leaderboard.loading")} />
    </div>
  );
}

function HowItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-rose-600 dark:text-rose-400">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

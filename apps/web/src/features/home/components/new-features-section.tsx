import { STREAK_BADGE_THRESHOLDS, streakBadgeFor } from "@heartline/shared";
import { CalendarCheck, Flame, Trophy, UserPlus } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { UserAvatar } from "../../../ui/user-avatar";
import { StreakBadge } from "../../streaks";
import { SAMPLE_STREAK } from "../sample-data";
import { SampleDataBadge } from "./demo-badge";
import { SectionHeading } from "./section-heading";

const STEPS = [
  { icon: UserPlus, id: "step1" },
  { icon: CalendarCheck, id: "step2" },
  { icon: Trophy, id: "step3" },
] as const;

/** spec §2 Home page: New Features (streaks), explained with a sample streak card (spec §4 Streaks). */
export function NewFeaturesSection() {
  const t = useT();
  return (
    <section aria-labelledby="home-new-features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <SectionHeading
        id="home-new-features-heading"
        eyebrow={t("home.streaks.eyebrow")}
        title={t("home.streaks.title")}
      >
        {t("home.streaks.text")}
      </SectionHeading>
      <div className="mt-12 grid items-center gap-10 lg:grid-cols-2">
        <ol className="space-y-6">
          {STEPS.map(({ icon: Icon, id }, index) => (
            <li key={id} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600 dark:bg-rose-500/10 dark:text-rose-400">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-zinc-900 dark:text-zinc-100">
                  {t("home.streaks.step", { number: index + 1, title: t(`home.streaks.${id}.title`) })}
                </h3>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                  {t(`home.streaks.${id}.text`, {
                    thresholds: STREAK_BADGE_THRESHOLDS.join(t("list.separator")),
                  })}
                </p>
              </div>
            </li>
          ))}
        </ol>
        <SampleStreakCard />
      </div>
    </section>
  );
}

function SampleStreakCard() {
  const t = useT();
  const { friend, friendAvatar, days, week } = SAMPLE_STREAK;
  const nextThreshold = STREAK_BADGE_THRESHOLDS.find((threshold) => threshold > days);
  const badge = streakBadgeFor(days);
  return (
    <figure className="mx-auto w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl shadow-rose-500/5 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center justify-between">
        <SampleDataBadge />
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{t("home.streaks.example")}</span>
      </div>
      <div className="mt-5 flex items-center gap-4">
        <UserAvatar username={friend} profileImage={friendAvatar} size="lg" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-zinc-900 dark:text-zinc-100">
            {t("home.streaks.you", { friend })}
          </p>
          <p className="mt-1 flex items-center gap-1.5 text-xl font-bold sm:text-2xl text-orange-600 dark:text-orange-400">
            <Flame aria-hidden="true" className="size-6 motion-safe:animate-pulse-briefly" />
            {t("home.streaks.days", { days })}
          </p>
        </div>
        <StreakBadge streakCount={days} size={44} />
      </div>
      <ul aria-label={t("home.streaks.week")} className="mt-6 grid grid-cols-7 gap-2">
        {week.map(({ day, isKept }) => (
          <li key={day} className="flex flex-col items-center gap-1.5">
            <span
              className={`flex size-8 items-center justify-center rounded-full ${
                isKept
                  ? "bg-gradient-to-br from-orange-400 to-rose-500 text-white"
                  : "bg-zinc-100 text-zinc-400 dark:bg-zinc-800"
              }`}
            >
              <Flame aria-hidden="true" className="size-4" />
              <span className="sr-only">
                {t(isKept ? "home.streaks.kept" : "home.streaks.missed", {
                  day: t(`home.streaks.day.${day}`),
                })}
              </span>
            </span>
            <span aria-hidden="true" className="text-xs text-zinc-500 dark:text-zinc-400">
              {t(`home.streaks.dayLetter.${day}`)}
            </span>
          </li>
        ))}
      </ul>
      {nextThreshold && (
        <figcaption className="mt-5 rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">
          {t("home.streaks.next", {
            remaining: nextThreshold - days,
            threshold: nextThreshold,
            badge: badge ? t("streaks.badge", { days: badge.days }) : t("home.streaks.noBadge"),
          })}
        </figcaption>
      )}
    </figure>
  );
}

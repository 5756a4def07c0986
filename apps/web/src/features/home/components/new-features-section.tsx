import { STREAK_BADGE_THRESHOLDS, streakBadgeFor } from "@heartline/shared";
import { CalendarCheck, Flame, Trophy, UserPlus } from "lucide-react";
import { UserAvatar } from "../../../ui/user-avatar";
import { StreakBadge } from "../../streaks";
import { SAMPLE_STREAK } from "../sample-data";
import { SampleDataBadge } from "./demo-badge";
import { SectionHeading } from "./section-heading";

const STEPS = [
  { icon: UserPlus, title: "Add a friend", text: "Streaks run between accepted friends only." },
  { icon: CalendarCheck, title: "Message every day", text: "One DM each UTC day keeps the flame alive." },
  {
    icon: Trophy,
    title: "Earn badges",
    text: `Unlock badges at ${STREAK_BADGE_THRESHOLDS.join(", ")} days and climb the leaderboard.`,
  },
] as const;

/** spec §2 Home page: New Features (streaks), explained with a sample streak card (spec §4 Streaks). */
export function NewFeaturesSection() {
  return (
    <section aria-labelledby="home-new-features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <SectionHeading id="home-new-features-heading" eyebrow="Daily streaks" title="New Features">
        Chat with a friend every day and watch your streak grow. Miss a day and it starts over.
      </SectionHeading>
      <div className="mt-12 grid items-center gap-10 lg:grid-cols-2">
        <ol className="space-y-6">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600 dark:bg-rose-500/10 dark:text-rose-400">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-zinc-900 dark:text-zinc-100">
                  {index + 1}. {title}
                </h3>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
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
  const { friend, friendAvatar, days, week } = SAMPLE_STREAK;
  const nextThreshold = STREAK_BADGE_THRESHOLDS.find((threshold) => threshold > days);
  return (
    <figure className="mx-auto w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl shadow-rose-500/5 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center justify-between">
        <SampleDataBadge />
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Example streak</span>
      </div>
      <div className="mt-5 flex items-center gap-4">
        <UserAvatar username={friend} profileImage={friendAvatar} size="lg" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-zinc-900 dark:text-zinc-100">You &amp; {friend}</p>
          <p className="mt-1 flex items-center gap-1.5 text-xl font-bold sm:text-2xl text-orange-600 dark:text-orange-400">
            <Flame aria-hidden="true" className="size-6 motion-safe:animate-pulse-briefly" />
            {days}-day streak
          </p>
        </div>
        <StreakBadge streakCount={days} size={44} />
      </div>
      <ul aria-label="This week" className="mt-6 grid grid-cols-7 gap-2">
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
              <span className="sr-only">{`${day}: ${isKept ? "streak kept" : "missed"}`}</span>
            </span>
            <span aria-hidden="true" className="text-xs text-zinc-500 dark:text-zinc-400">
              {day.charAt(0)}
            </span>
          </li>
        ))}
      </ul>
      {nextThreshold && (
        <figcaption className="mt-5 rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">
          {nextThreshold - days} more days to the {nextThreshold}-day badge ·{" "}
          {streakBadgeFor(days)?.label ?? "No badge yet"} earned
        </figcaption>
      )}
    </figure>
  );
}

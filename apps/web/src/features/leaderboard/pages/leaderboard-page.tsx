import { STREAK_BADGE_THRESHOLDS } from "@heartline/shared";
import { CalendarClock, Flame, MessageCircleHeart, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { StreakBadge } from "../../streaks";
import { LeaderboardList } from "../components/leaderboard-list";

/**
 * spec §2 Leaderboard page. Streaks arrive in a later issue, so the list honestly shows its empty
 * state instead of invented people.
 */
export function LeaderboardPage() {
  useDocumentTitle("Leaderboard");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-lg shadow-rose-500/25">
          <Trophy aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-100">
          Leaderboard
        </h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">
          The top 10 streak keepers on Heartline. Keep chatting with your friends every day to climb the
          ranks.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="leaderboard-top-heading">
          <h2
            id="leaderboard-top-heading"
            className="mb-4 text-lg font-semibold text-zinc-900 dark:text-zinc-100"
          >
            Top 10 streaks
          </h2>
          <LeaderboardList entries={[]} />
        </section>

        <section
          aria-labelledby="leaderboard-how-heading"
          className="rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h2 id="leaderboard-how-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
            How streaks work
          </h2>
          <ul className="mt-4 space-y-4 text-sm text-zinc-600 dark:text-zinc-400">
            <HowItem icon={<MessageCircleHeart aria-hidden="true" className="size-5" />}>
              A streak grows between two <strong className="text-zinc-900 dark:text-zinc-100">friends</strong>{" "}
              who send each other direct messages on consecutive days.
            </HowItem>
            <HowItem icon={<CalendarClock aria-hidden="true" className="size-5" />}>
              Days are counted in <strong className="text-zinc-900 dark:text-zinc-100">UTC</strong>; the count
              goes up at most once per day. Miss a whole day and the streak breaks.
            </HowItem>
            <HowItem icon={<Flame aria-hidden="true" className="size-5" />}>
              Badges unlock at {STREAK_BADGE_THRESHOLDS.join(", ").replace(/, (\d+)$/, " and $1")} days.
            </HowItem>
          </ul>
          <ul aria-label="Streak badges" className="mt-5 flex flex-wrap gap-2">
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

function HowItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-rose-600 dark:text-rose-400">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

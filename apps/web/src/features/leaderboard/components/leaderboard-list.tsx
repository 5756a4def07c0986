import { LEADERBOARD_SIZE } from "@heartline/shared";
import { Flame, Trophy } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { GenderName } from "../../../ui/gender-name";
import { GenderRing } from "../../../ui/gender-ring";
import { UserAvatar } from "../../../ui/user-avatar";
import { StreakBadge } from "../../streaks";

/** spec §3 Leaderboard entry (the badge is derived from `highestStreak`, spec §9). */
export interface LeaderboardEntry {
  id: string;
  username?: string | null;
  profileImage?: string | null;
  gender?: string | null;
  /** The streak days counted for the ranking. */
  totalStreak: number;
  /** The longest single streak, which earns the badge. */
  highestStreak: number;
}

export interface LeaderboardListProps {
  entries: readonly LeaderboardEntry[];
  /** Accessible name of the list, e.g. "Top 10 streaks" or "Sample leaderboard". */
  label?: string;
  emptyMessage?: string;
}

export const LEADERBOARD_EMPTY_MESSAGE =
  "No streaks yet — the leaderboard fills up as friends keep daily streaks going.";

/** Medal colours for the podium; everyone else gets a neutral rank chip. */
const RANK_STYLES: Record<number, string> = {
  1: "bg-gradient-to-br from-yellow-300 to-amber-500 text-amber-950 shadow-sm shadow-amber-500/30",
  2: "bg-gradient-to-br from-zinc-200 to-zinc-400 text-zinc-900 shadow-sm shadow-zinc-500/30",
  3: "bg-gradient-to-br from-orange-300 to-orange-600 text-orange-950 shadow-sm shadow-orange-500/30",
};
const PLAIN_RANK = "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300";

/** spec §2 Leaderboard: top 10 with rank, username, avatar, streak count and badge. */
export function LeaderboardList({
  entries,
  label = "Top 10 streaks",
  emptyMessage = LEADERBOARD_EMPTY_MESSAGE,
}: LeaderboardListProps) {
  if (entries.length === 0) {
    return (
      <div
        data-testid="leaderboard-empty"
        className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-rose-50 text-rose-600 dark:bg-rose-500/10 dark:text-rose-400">
          <Trophy aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{emptyMessage}</p>
      </div>
    );
  }

  // spec §9 Leaderboard: show 10.
  const top = entries.slice(0, LEADERBOARD_SIZE);
  return (
    <ol
      data-testid="leaderboard-list"
      aria-label={label}
      className="divide-y divide-zinc-200 overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {top.map((entry, index) => (
        <LeaderboardRow key={entry.id} entry={entry} rank={index + 1} />
      ))}
    </ol>
  );
}

function LeaderboardRow({ entry, rank }: { entry: LeaderboardEntry; rank: number }) {
  // spec §3 Leaderboard entry: username defaults to 'Anonymous'.
  const t = useT();
  const username = entry.username?.trim() || t("leaderboard.anonymous");
  return (
    <li data-testid="leaderboard-row" className="flex items-center gap-3 px-3 py-3 sm:gap-4 sm:px-5">
      <span
        className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums ${RANK_STYLES[rank] ?? PLAIN_RANK}`}
      >
        <span className="sr-only">{t("leaderboard.rank")}</span>
        {rank}
      </span>
      <GenderRing gender={entry.gender}>
        <UserAvatar username={username} profileImage={entry.profileImage} gender={entry.gender} size="sm" />
      </GenderRing>
      <GenderName gender={entry.gender} className="min-w-0 flex-1 truncate font-medium">
        {username}
      </GenderName>
      <span className="inline-flex items-center gap-1 text-sm font-semibold tabular-nums text-orange-700 dark:text-orange-400">
        <Flame aria-hidden="true" className="size-4" />
        {entry.totalStreak}
        <span className="sr-only">{t("leaderboard.dayStreak")}</span>
      </span>
      <span className="flex size-8 shrink-0 items-center justify-center">
        <StreakBadge streakCount={entry.highestStreak} size={30} />
      </span>
    </li>
  );
}

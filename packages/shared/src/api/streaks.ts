import type { Gender } from "../domain/gender";
import type { StreakBadge } from "../domain/streak-badge";
import type { StreakStatus } from "../domain/streaks";

/**
 * The streak HTTP contract (ARCHITECTURE §6). `/api/streaks*` need a registered user with a verified
 * e-mail; `/api/leaderboard` is public (spec §2: the leaderboard page is public).
 */
export const STREAK_PATHS = {
  /** GET → `StreakList` (the caller's streak with every friend that has one). */
  streaks: "/api/streaks",
  /** GET → `StreakView` (non-friends and no streak: count 0, status broken). */
  streak: (friendId: string) => `/api/streaks/${encodeURIComponent(friendId)}`,
  /** GET → `Leaderboard` (top 10, public). */
  leaderboard: "/api/leaderboard",
} as const;

/** A streak with one friend as the caller sees it (status computed at read time). */
export interface StreakView {
  friendId: string;
  count: number;
  status: StreakStatus;
  badge: StreakBadge | null;
  /** ms since the epoch, or null when no message counted yet. */
  lastMessageAt: number | null;
  /**
   * ms since the epoch at which this streak reads broken unless a message is sent before it (the end
   * of the calendar day after the last streak day, in the streak time zone); null when broken.
   */
  breaksAt: number | null;
  /**
   * Issue #38: set while the pair never had a streak day (the first message counts nothing under
   * spec §4's rules): shown as "Start a streak", not "Streak broken". Absent once a day counted.
   */
  notStarted?: true;
}

export interface StreakList {
  streaks: StreakView[];
  /** The zone whose calendar days count (ARCHITECTURE §9.6), for 'before midnight UTC' texts. */
  timeZone: string;
}

/**
 * spec §3 Leaderboard entry. Score (`totalStreak`) = the user's best streak that is not broken as of
 * now; `highestStreak` = the highest count any of their streaks ever reached; badge for `totalStreak`.
 */
export interface LeaderboardEntry {
  id: string;
  username: string;
  profileImage: string | null;
  /** Issue #38: the avatar's gender colour ring, as everywhere else (spec §3 Gender colours). */
  gender: Gender | null;
  totalStreak: number;
  highestStreak: number;
  badge: StreakBadge | null;
}

export interface Leaderboard {
  entries: LeaderboardEntry[];
}

/** S→C `streak_updated` (ARCHITECTURE §5), to both friends after the message commits. */
export interface StreakUpdatedPayload {
  friendId: string;
  count: number;
  status: StreakStatus;
  badge: StreakBadge | null;
  /** As `StreakView.breaksAt`. */
  breaksAt: number | null;
  /** As `StreakView.notStarted`. */
  notStarted?: true;
  /** Set when this message raised the count (toast 'Your streak with … is now N days'). */
  rose: boolean;
  /** Set when this message earned a new badge (toast with the badge). */
  newBadge: StreakBadge | null;
}

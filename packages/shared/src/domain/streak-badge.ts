import { STREAK_BADGE_IMAGE_DAYS, STREAK_BADGE_THRESHOLDS } from "../constants";

export type StreakBadgeThreshold = (typeof STREAK_BADGE_THRESHOLDS)[number];

export interface StreakBadge {
  /** The highest threshold reached, in days. */
  days: StreakBadgeThreshold;
  /** Which badge image to show (the 90-day badge uses the 100-day image, spec §9). */
  imageDays: number;
  /** spec §2 Leaderboard tooltip. */
  label: string;
}

/** spec §2 Leaderboard tooltip 'N Day Streak Achievement'. */
export function streakAchievementLabel(days: number): string {
  return `${days} Day Streak Achievement`;
}

/** spec §9 Streak badges: the highest threshold reached, or null below 3 days. */
export function streakBadgeFor(streakCount: number): StreakBadge | null {
  let reached: StreakBadgeThreshold | null = null;
  for (const threshold of STREAK_BADGE_THRESHOLDS) {
    if (streakCount >= threshold) reached = threshold;
  }
  if (reached === null) return null;
  return {
    days: reached,
    imageDays: STREAK_BADGE_IMAGE_DAYS[reached],
    label: streakAchievementLabel(reached),
  };
}

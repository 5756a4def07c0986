/** The streaks feature's public entry: other features and the composition root import only this. */
export { highestStreakBadge } from "./highest-badge";
export { readLeaderboard } from "./read-leaderboard";
export { deleteStreak, type StreakChange, type StreakReturning } from "./streak-store";
export {
  type CreateStreaksOptions,
  createStreaks,
  type StreakRecorder,
  type StreakStatement,
  type Streaks,
  streakStatement,
} from "./streaks";

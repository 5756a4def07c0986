/** The leaderboard feature's public entry: the ranked list and the streak badge (the home page shows both). */
export { type LeaderboardEntry, LeaderboardList } from "./components/leaderboard-list";
export { StreakBadge } from "./components/streak-badge";

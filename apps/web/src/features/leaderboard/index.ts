/** The leaderboard feature's public entry: the ranked list (the home page shows a static sample). */
export { type LeaderboardEntry, LeaderboardList } from "./components/leaderboard-list";

/**
 * The streaks feature's public entry (issue #12): the group chat layout mounts `useStreakEvents`;
 * conversations, friends, profiles and the people list show a friend's streak and badges with these
 * components. Re-exports only (vite marks feature entries side-effect free).
 */
export { type FriendStreak, useFriendStreak } from "./api/use-streaks";
export { BreakingWarning } from "./components/breaking-warning";
export { StreakBadge } from "./components/streak-badge";
export { StreakIndicator } from "./components/streak-indicator";
export { useStreakEvents } from "./hooks/use-streak-events";

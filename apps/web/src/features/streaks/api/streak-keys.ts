/** TanStack Query keys of streaks (STYLE: key factories). */
export const streakKeys = {
  all: ["streaks"] as const,
  /** `GET /api/streaks` → `StreakList`, then kept by `applyStreakUpdate`. */
  list: () => [...streakKeys.all, "list"] as const,
};

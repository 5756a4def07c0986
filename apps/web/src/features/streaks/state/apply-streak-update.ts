import type { StreakList, StreakUpdatedPayload, StreakView } from "@heartline/shared";

/** A `streak_updated` push into my streak list: the friend's row replaced, or added when new. */
export function applyStreakUpdate(list: StreakList, update: StreakUpdatedPayload, now: number): StreakList {
  const previous = list.streaks.find((streak) => streak.friendId === update.friendId);
  const next: StreakView = {
    friendId: update.friendId,
    count: update.count,
    status: update.status,
    badge: update.badge,
    breaksAt: update.breaksAt,
    // The push carries no timestamp; the message that caused it was just sent.
    lastMessageAt: now,
    ...(update.notStarted ? { notStarted: true } : {}),
  };
  if (!previous) return { ...list, streaks: [...list.streaks, next] };
  return { ...list, streaks: list.streaks.map((streak) => (streak === previous ? next : streak)) };
}

/** A friend removed: their streak ended with the friendship (spec §4). */
export function removeStreak(list: StreakList, friendId: string): StreakList {
  return { ...list, streaks: list.streaks.filter((streak) => streak.friendId !== friendId) };
}

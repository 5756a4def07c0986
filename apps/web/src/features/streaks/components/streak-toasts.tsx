import type { StreakBadge as StreakBadgeInfo, StreakUpdatedPayload } from "@heartline/shared";
import toast from "react-hot-toast";
import { StreakBadge } from "./streak-badge";

/** issue #12: "🔥 Your streak with NAME is now N days". */
export function streakRoseText(name: string, count: number): string {
  return `🔥 Your streak with ${name} is now ${count} ${count === 1 ? "day" : "days"}`;
}

function BadgeEarned({ badge, name }: { badge: StreakBadgeInfo; name: string }) {
  return (
    <span className="flex items-center gap-3">
      <StreakBadge streakCount={badge.days} size={36} isFocusable={false} />
      <span>
        <span className="block font-semibold">{badge.label}</span>
        <span className="block text-sm opacity-80">Earned with {name}</span>
      </span>
    </span>
  );
}

/** The toasts of one `streak_updated`: the count rose, and a new badge was earned (issue #12). */
export function toastStreakUpdate(update: StreakUpdatedPayload, name: string): void {
  // Ids per friend and count: every tab and a repeated push show each toast once.
  if (update.rose) {
    toast(streakRoseText(name, update.count), { id: `streak-rose-${update.friendId}-${update.count}` });
  }
  if (update.newBadge) {
    toast(<BadgeEarned badge={update.newBadge} name={name} />, {
      id: `streak-badge-${update.friendId}-${update.newBadge.days}`,
      ariaProps: { role: "status", "aria-live": "polite" },
    });
  }
}

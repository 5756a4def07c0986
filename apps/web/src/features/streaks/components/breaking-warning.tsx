import type { StreakView } from "@heartline/shared";
import { Hourglass } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocale } from "../../../lib/i18n/use-t";
import { breakingWarningText, hoursLeftText } from "../state/streak-status";

export interface BreakingWarningProps {
  streak: Pick<StreakView, "count" | "status" | "breaksAt">;
  timeZone: string;
}

const MINUTE_MS = 60_000;

/** Re-renders once a minute while mounted, so "N hours left" counts down. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * issue #12: a breaking streak warns with the hours left today: "Send a message before midnight UTC
 * to keep your 12-day streak". Shown only while the streak is breaking.
 */
export function BreakingWarning({ streak, timeZone }: BreakingWarningProps) {
  const now = useMinuteClock();
  // The texts below come from the catalogs: a change of language renders them again.
  useLocale();
  if (streak.status !== "breaking" || streak.breaksAt === null) return null;
  return (
    <p
      role="status"
      data-testid="streak-breaking-warning"
      className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:px-4 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <Hourglass aria-hidden="true" className="size-4 shrink-0 text-amber-600 dark:text-amber-300" />
      <span className="min-w-0 flex-1">
        {breakingWarningText(streak.count, timeZone)}
        <span className="font-semibold"> · {hoursLeftText(streak.breaksAt, now)}</span>
      </span>
    </p>
  );
}

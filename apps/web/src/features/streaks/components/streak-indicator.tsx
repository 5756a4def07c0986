import type { StreakStatus, StreakView } from "@heartline/shared";
import { Flame, Hourglass, Sparkles } from "lucide-react";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { translate } from "../../../lib/i18n/i18n";
import { useT } from "../../../lib/i18n/use-t";

export interface StreakIndicatorProps {
  streak: Pick<StreakView, "count" | "status" | "notStarted">;
  /** `compact` for list rows (flame, count, hourglass); `labelled` adds the status in words (sm and up). */
  variant?: "compact" | "labelled";
  className?: string;
}

/** What a screen reader hears, and the hover title: the status in words, never colour alone. */
export function streakStatusLabel({ count, status }: Pick<StreakView, "count" | "status">): string {
  if (status === "broken") return translate("streak.label.broken");
  return translate(status === "breaking" ? "streak.label.breaking" : "streak.label.active", { count });
}

const SHORT_STATUS: Record<StreakStatus, MessageId> = {
  active: "streak.short.active",
  breaking: "streak.short.breaking",
  broken: "streak.short.broken",
};

const TONE: Record<StreakStatus, string> = {
  active:
    "bg-orange-50 text-orange-700 ring-orange-200 dark:bg-orange-500/10 dark:text-orange-300 dark:ring-orange-500/30",
  breaking:
    "bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/40",
  broken: "bg-zinc-100 text-zinc-600 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-700",
};

/**
 * spec §4 Streaks: flame + count + status. Breaking adds an hourglass and broken greys the flame and
 * drops the count, so the state reads without colour; the words are there for screen readers.
 */
export function StreakIndicator({ streak, variant = "compact", className = "" }: StreakIndicatorProps) {
  const { status, count } = streak;
  const t = useT();
  if (status === "broken" && streak.notStarted)
    return <StartStreak variant={variant} className={className} />;
  const label = streakStatusLabel(streak);
  return (
    <span
      data-testid="streak-indicator"
      data-status={status}
      data-count={count}
      title={label}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${TONE[status]} ${className}`}
    >
      <Flame
        aria-hidden="true"
        className={`size-3.5 ${status === "broken" ? "opacity-60" : "fill-current"}`}
        strokeWidth={status === "broken" ? 2 : 1.5}
      />
      {status === "broken" ? null : <span aria-hidden="true">{count}</span>}
      {status === "breaking" ? <Hourglass aria-hidden="true" className="size-3" /> : null}
      {variant === "labelled" ? (
        // Phones keep the name readable: the hourglass and the warning under the header say it there.
        <span aria-hidden="true" className="hidden font-medium sm:inline">
          {status === "broken" ? t(SHORT_STATUS.broken) : `· ${t(SHORT_STATUS[status])}`}
        </span>
      ) : null}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The words of a pair with no streak day yet (issue #38), for readers and the hover title (English). */
export const START_STREAK_LABEL = "No streak yet: message each other on two days in a row to start one";

/**
 * Issue #38: new friends have no streak to break. A neutral "Start a streak" in the thread header
 * (the list rows stay quiet) until spec §4 counts the first streak day.
 */
function StartStreak({ variant, className }: { variant: "compact" | "labelled"; className: string }) {
  const t = useT();
  if (variant === "compact") return null;
  const label = t("streak.start.label");
  return (
    <span
      data-testid="streak-indicator"
      data-status="not-started"
      title={label}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-1.5 py-0.5 text-xs font-medium text-zinc-600 ring-1 ring-zinc-200 ring-inset dark:text-zinc-300 dark:ring-zinc-700 ${className}`}
    >
      <Sparkles aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true" className="hidden sm:inline">
        {t("streak.start")}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

import { type StreakBadgeThreshold, streakBadgeFor } from "@heartline/shared";
import { useId } from "react";
import { useT } from "../../../lib/i18n/use-t";

export interface StreakBadgeProps {
  /** Streak length in days; below the first threshold nothing is drawn. */
  streakCount: number;
  /** Rendered width and height in px. */
  size?: number;
  className?: string;
  /**
   * Focusable with a visible tooltip for keyboard users (default). Off where the badge sits inside a
   * link or next to its own words, so one thing is not two tab stops.
   */
  isFocusable?: boolean;
}

interface BadgeArt {
  from: string;
  to: string;
  rim: string;
}

/** One look per threshold (spec §9 Streak badges), warming up as the streak grows. */
const ART: Record<StreakBadgeThreshold, BadgeArt> = {
  3: { from: "#fdba74", to: "#ea580c", rim: "#9a3412" },
  7: { from: "#fcd34d", to: "#d97706", rim: "#92400e" },
  14: { from: "#6ee7b7", to: "#059669", rim: "#065f46" },
  30: { from: "#7dd3fc", to: "#0284c7", rim: "#075985" },
  60: { from: "#c4b5fd", to: "#7c3aed", rim: "#5b21b6" },
  90: { from: "#fb7185", to: "#c026d3", rim: "#facc15" },
};

const HEXAGON = "M20 2.5 35.5 11.25v17.5L20 37.5 4.5 28.75v-17.5z";

/**
 * The badge for the highest threshold a streak has reached (spec §9: highest reached is used; the
 * 90-day badge uses the 100-day image). Its tooltip names the threshold: 'N Day Streak Achievement'.
 */
export function StreakBadge({ streakCount, size = 32, className, isFocusable = true }: StreakBadgeProps) {
  const gradientId = useId();
  const badge = streakBadgeFor(streakCount);
  const t = useT();
  if (!badge) return null;
  const label = t("streaks.badge", { days: badge.days });
  const art = ART[badge.days];
  const isTopTier = badge.imageDays >= 100;

  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-badge-days={badge.days}
      tabIndex={isFocusable ? 0 : undefined}
      className={`group/badge relative inline-flex shrink-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 ${className ?? ""}`}
    >
      <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={art.from} />
            <stop offset="1" stopColor={art.to} />
          </linearGradient>
        </defs>
        <path
          d={HEXAGON}
          fill={`url(#${gradientId})`}
          stroke={art.rim}
          strokeWidth={isTopTier ? 3 : 2}
          strokeLinejoin="round"
        />
        {isTopTier && <path d="M13 9.5l3 2.5 4-4.5 4 4.5 3-2.5-1 4.5H14z" fill="#fde047" />}
        <text
          x="20"
          y={isTopTier ? 27 : 25.5}
          textAnchor="middle"
          fontFamily="ui-sans-serif, system-ui, sans-serif"
          fontWeight="800"
          fontSize={isTopTier ? 11 : 14}
          fill="#ffffff"
        >
          {badge.imageDays}
        </text>
      </svg>
      {isFocusable ? (
        // The title shows on hover; focus (keyboard, or a tap on touch screens) shows the same words.
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-1.5 hidden -translate-x-1/2 whitespace-nowrap rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium text-white shadow-lg group-focus/badge:block dark:bg-zinc-100 dark:text-zinc-900"
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}

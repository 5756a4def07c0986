import { useT } from "../../../lib/i18n/use-t";
export interface DemoBadgeProps {
  className?: string;
}

/** The visible "Demo" marker on disabled landing-page inputs (spec §1: demo only). */
export function DemoBadge({ className }: DemoBadgeProps) {
  const t = useT();
  return (
    <span
      className={`rounded-full bg-amber-100 px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wide text-amber-800 uppercase dark:bg-amber-400/15 dark:text-amber-300 ${className ?? ""}`}
    >
      {t("home.badge.demo")}
    </span>
  );
}

/** The "Sample data" marker on every section that shows invented people (spec §1: static sample data). */
export function SampleDataBadge({ className }: DemoBadgeProps) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full border border-zinc-300 px-2.5 py-0.5 text-xs font-medium text-zinc-600 dark:border-zinc-700 dark:text-zinc-400 ${className ?? ""}`}
    >
      {t("home.badge.sample")}
    </span>
  );
}

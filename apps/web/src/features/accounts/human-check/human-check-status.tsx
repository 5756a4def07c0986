import { ShieldCheck } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";

export const CHECKING_HUMAN_LABEL = "Checking you're human…";

/**
 * Issue #14: the automatic check's progress, above the submit button. The live region stays in the page
 * so screen readers announce the text when it appears; sighted users see a spinning shield.
 */
export function HumanCheckStatus({ isChecking }: { isChecking: boolean }) {
  const t = useT();
  return (
    <p role="status" aria-live="polite" className="empty:absolute">
      {isChecking ? (
        <span className="flex items-center justify-center gap-2 rounded-xl bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
          <ShieldCheck
            aria-hidden="true"
            className="size-4 shrink-0 animate-pulse text-rose-600 motion-reduce:animate-none dark:text-rose-400"
          />
          {t("accounts.humanCheck.checking")}
        </span>
      ) : null}
    </p>
  );
}

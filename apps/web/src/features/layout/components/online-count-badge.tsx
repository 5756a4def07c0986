import { compositorMotionRef } from "../../../lib/compositor-motion";
import { formatCount } from "../../../lib/format-count";
import { useLocale, useT } from "../../../lib/i18n/use-t";
import { useOnlineCount } from "../../presence";

/** The live "<n> online" count in the top bar (spec §1; issue #14: 500 only when the server is unreachable). */
export function OnlineCountBadge() {
  const { displayed } = useOnlineCount();
  const t = useT();
  const locale = useLocale();
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border border-emerald-200 bg-emerald-50 px-2.5 py-1 text-xs font-medium sm:gap-2 sm:px-3 sm:text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-300">
      <span aria-hidden="true" className="relative flex size-2">
        <span
          ref={compositorMotionRef}
          className="absolute inline-flex size-full animate-ping-briefly rounded-full bg-emerald-400 opacity-75"
        />
        <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
      </span>
      <span data-testid="online-count">{t("layout.online", { count: formatCount(displayed, locale) })}</span>
    </span>
  );
}

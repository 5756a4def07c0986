import { Link } from "react-router";
import { useT } from "../../../lib/i18n/use-t";

/** The English words of the box (src/locales/en/app.json `chat.adult.text`), for tests that find it. */
export const ADULT_CONFIRMATION_TEXT = "I am 18 or older and accept the Terms and Guidelines";

export interface AdultConfirmationProps {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}

// issue #38: the links sit on their own line with 44 px targets, outside the label, so a tap meant for
// the box never opens the Terms instead.
const LINK =
  "inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-rose-700 underline underline-offset-2 hover:text-rose-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-rose-300 dark:hover:text-rose-200";

/**
 * The 18+ confirmation asked once per browser before the first random chat (issue 14). The server
 * records it in the visitor's signed token; signed-in people gave their date of birth and never see it.
 */
export function AdultConfirmation({ isChecked, onChange }: AdultConfirmationProps) {
  const t = useT();
  return (
    <div
      data-testid="adult-confirmation"
      className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <label
        htmlFor="adult-confirmation"
        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-zinc-900 dark:text-zinc-100"
      >
        <input
          id="adult-confirmation"
          type="checkbox"
          checked={isChecked}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 accent-rose-600"
        />
        {t("chat.adult.text")}
      </label>
      <p className="-mx-2 flex flex-wrap items-center text-xs text-zinc-700 dark:text-zinc-300">
        <span className="px-2">{t("chat.adult.readFirst")}</span>
        <Link to="/terms" className={LINK}>
          {t("layout.link.terms")}
        </Link>
        <Link to="/guidelines" className={LINK}>
          {t("layout.link.guidelines")}
        </Link>
      </p>
    </div>
  );
}

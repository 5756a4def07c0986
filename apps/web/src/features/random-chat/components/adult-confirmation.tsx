import { Link } from "react-router";

export const ADULT_CONFIRMATION_TEXT = "I am 18 or older and accept the Terms and Guidelines";

export interface AdultConfirmationProps {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}

const LINK =
  "font-medium text-rose-700 underline underline-offset-2 hover:text-rose-800 dark:text-rose-300 dark:hover:text-rose-200";

/**
 * The 18+ confirmation asked once per browser before the first random chat (issue 14). The server
 * records it in the visitor's signed token; signed-in people gave their date of birth and never see it.
 */
export function AdultConfirmation({ isChecked, onChange }: AdultConfirmationProps) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-3 dark:border-amber-800 dark:bg-amber-950/40">
      <input
        id="adult-confirmation"
        type="checkbox"
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-rose-600"
      />
      <label htmlFor="adult-confirmation" className="text-sm text-zinc-900 dark:text-zinc-100">
        I am 18 or older and accept the{" "}
        <Link to="/terms" className={LINK}>
          Terms
        </Link>{" "}
        and{" "}
        <Link to="/guidelines" className={LINK}>
          Guidelines
        </Link>
      </label>
    </div>
  );
}

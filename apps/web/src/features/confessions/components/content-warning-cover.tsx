import { EyeOff } from "lucide-react";
import { type ReactNode, useState } from "react";

export interface ContentWarningCoverProps {
  warning: string | null;
  children: ReactNode;
}

/** Content behind a warning stays covered until the reader chooses to see it. */
export function ContentWarningCover({ warning, children }: ContentWarningCoverProps) {
  const [isRevealed, setRevealed] = useState(false);
  if (!warning || isRevealed) return <>{children}</>;
  return (
    <button
      type="button"
      onClick={() => setRevealed(true)}
      className="flex w-full items-center gap-3 rounded-xl border border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-left text-sm text-amber-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:border-amber-500/60 dark:bg-amber-950/40 dark:text-amber-100 dark:hover:bg-amber-950/70"
    >
      <EyeOff aria-hidden="true" className="size-5 shrink-0" />
      <span>
        <span className="block font-semibold">Content warning: {warning}</span>
        <span className="block text-xs opacity-80">Tap to show this confession</span>
      </span>
    </button>
  );
}

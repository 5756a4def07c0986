import type { ReactNode } from "react";

export interface CalloutProps {
  title: string;
  /** "urgent" is for safety notes (crisis lines, sextortion); "note" for everything else. */
  tone?: "note" | "urgent";
  children: ReactNode;
}

const TONES = {
  note: "border-rose-200 bg-rose-50 dark:border-rose-900/60 dark:bg-rose-950/40",
  urgent: "border-amber-300 bg-amber-50 dark:border-amber-800/70 dark:bg-amber-950/40",
} as const;

/** A boxed aside inside a content page, for the few things nobody should miss. */
export function Callout({ title, tone = "note", children }: CalloutProps) {
  return (
    <aside aria-label={title} className={`mt-6 rounded-2xl border p-5 [&>:first-child]:mt-0 ${TONES[tone]}`}>
      <p className="font-semibold text-zinc-900 dark:text-zinc-50">{title}</p>
      <div className="text-zinc-700 dark:text-zinc-300 [&>:first-child]:mt-2">{children}</div>
    </aside>
  );
}

import type { ReactNode } from "react";

export interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  /** Extra element beside the eyebrow, e.g. the "Sample data" marker. */
  aside?: ReactNode;
}

/** The h2 block every landing section opens with, so they share one rhythm. */
export function SectionHeading({ id, eyebrow, title, children, aside }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="flex items-center justify-center gap-2 text-sm font-semibold text-rose-600 dark:text-rose-400">
        {eyebrow}
        {aside}
      </p>
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-100"
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-base text-zinc-600 sm:text-lg dark:text-zinc-400">{children}</p>}
    </div>
  );
}

import { compositorMotionRef } from "../lib/compositor-motion";

export interface SpinnerProps {
  /** The accessible name of the status, e.g. "Loading page". */
  label: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}

const SIZES = { sm: "size-4 border-2", md: "size-8 border-[3px]", lg: "size-12 border-4" } as const;

/** A spinning ring announced as a status with the given label. */
export function Spinner({ label, size = "md", className = "" }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={`inline-flex items-center justify-center ${className}`}>
      <span
        ref={compositorMotionRef}
        aria-hidden="true"
        className={`${SIZES[size]} animate-spin rounded-full border-rose-200 border-t-rose-600 dark:border-zinc-700 dark:border-t-rose-400`}
      />
    </span>
  );
}

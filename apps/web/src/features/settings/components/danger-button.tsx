import type { ComponentProps } from "react";

const DANGER =
  "inline-flex h-9 items-center justify-center gap-2 rounded-xl bg-red-600 px-4 text-sm font-semibold text-white shadow-sm transition-colors " +
  "hover:bg-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 " +
  "focus-visible:ring-offset-white disabled:cursor-not-allowed disabled:opacity-60 dark:bg-red-600 dark:hover:bg-red-500 " +
  "dark:focus-visible:ring-offset-zinc-900";

/** A destructive action (delete account): red, never the brand gradient. */
export function DangerButton({ className, type = "button", ...rest }: ComponentProps<"button">) {
  return <button type={type} className={className ? `${DANGER} ${className}` : DANGER} {...rest} />;
}

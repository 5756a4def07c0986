import type { ComponentType, SVGProps } from "react";

export interface IconActionProps {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  onClick: () => void;
  /** Shown next to the icon from `sm` up; the label names it for screen readers everywhere. */
  text?: string;
}

/** A small labelled action on a card or comment (Report, Delete, Reply). */
export function IconAction({ label, icon: Icon, onClick, text }: IconActionProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-lg px-2 text-xs font-medium text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
    >
      <Icon aria-hidden="true" className="size-4" />
      {text ? <span className="hidden sm:inline">{text}</span> : null}
    </button>
  );
}

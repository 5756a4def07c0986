export interface AuthorLabelProps {
  label: string;
  /** The viewer wrote it: "You" is added. */
  isOwn: boolean;
  /** The confession's author in its thread: highlighted. */
  isHighlighted?: boolean;
}

/** "Anonymous", "OP" or "Anon 3", and "You" on the viewer's own: never a name, avatar or id. */
export function AuthorLabel({ label, isOwn, isHighlighted = false }: AuthorLabelProps) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        className={
          isHighlighted
            ? "rounded-md bg-gradient-to-r from-rose-600 to-fuchsia-600 px-1.5 py-0.5 text-xs font-bold text-white"
            : "text-sm font-semibold text-zinc-900 dark:text-zinc-100"
        }
      >
        {label}
      </span>
      {isOwn ? (
        <span className="rounded-md bg-zinc-200 px-1.5 py-0.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100">
          You
        </span>
      ) : null}
    </span>
  );
}

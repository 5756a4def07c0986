/** A small rose pill with a count (unread messages, pending requests); nothing at 0. */
export function CountBadge({
  count,
  label,
  className = "",
}: {
  count: number;
  label: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="count-badge"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-[11px] leading-5 font-bold text-white ${className}`}
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

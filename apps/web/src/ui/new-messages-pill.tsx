import { ArrowDown } from "lucide-react";

/** issue #14: floats over a chat scrolled up when someone writes; a tap jumps to the newest message. */
export function NewMessagesPill({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="absolute bottom-3 left-1/2 z-10 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-rose-600 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-300 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-zinc-950"
    >
      <ArrowDown aria-hidden="true" className="size-4" />
      New messages
    </button>
  );
}

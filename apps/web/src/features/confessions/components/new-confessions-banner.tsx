import { ArrowUp } from "lucide-react";

export interface NewConfessionsBannerProps {
  count: number;
  isLoading: boolean;
  onShow: () => void;
}

/** "N new confessions": they arrive on request, so the reader's place never jumps. */
export function NewConfessionsBanner({ count, isLoading, onShow }: NewConfessionsBannerProps) {
  return (
    <div aria-live="polite" className="sticky top-2 z-10 flex justify-center">
      {count > 0 ? (
        <button
          type="button"
          onClick={onShow}
          disabled={isLoading}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-gradient-to-r from-rose-600 to-fuchsia-600 px-4 text-sm font-semibold text-white shadow-lg hover:from-rose-700 hover:to-fuchsia-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 focus-visible:ring-offset-2 disabled:opacity-70 dark:focus-visible:ring-offset-zinc-950"
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          {count} new {count === 1 ? "confession" : "confessions"}
        </button>
      ) : null}
    </div>
  );
}

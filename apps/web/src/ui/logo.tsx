import { HeartlineIcon } from "./shell-icons";

export interface LogoMarkProps {
  size?: "sm" | "md" | "lg";
}

const TILE_SIZES = { sm: "size-8 rounded-lg", md: "size-9 rounded-xl", lg: "size-16 rounded-2xl" } as const;
const ICON_SIZES = { sm: "size-4", md: "size-5", lg: "size-9" } as const;

/** The heart in its rose→fuchsia tile; decorative (the surrounding link or text names it). */
export function LogoMark({ size = "md" }: LogoMarkProps) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center bg-gradient-to-br from-rose-500 to-fuchsia-600 text-white shadow-sm shadow-rose-500/30 ${TILE_SIZES[size]}`}
    >
      <HeartlineIcon className={ICON_SIZES[size]} strokeWidth={2.25} />
    </span>
  );
}

/**
 * Mark plus wordmark. `isWordmarkNarrowHidden`: the top bar's, which leaves its row to the controls on
 * the narrowest phones (the mark and the link's label remain).
 */
export function Logo({
  size = "md",
  isWordmarkNarrowHidden = false,
}: LogoMarkProps & { isWordmarkNarrowHidden?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark size={size} />
      <span
        className={`${isWordmarkNarrowHidden ? "max-[379px]:sr-only " : ""}bg-gradient-to-r from-rose-600 to-fuchsia-600 bg-clip-text text-lg font-extrabold tracking-tight text-transparent dark:from-rose-400 dark:to-fuchsia-400`}
      >
        Heartline
      </span>
    </span>
  );
}

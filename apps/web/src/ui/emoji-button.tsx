import { Smile } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useT } from "../lib/i18n/use-t";
import { Spinner } from "./spinner";

// spec §2 The emoji picker loads only when first opened (its own chunk).
const EmojiPickerPanel = lazy(() => import("./emoji-picker-panel"));

export interface EmojiButtonProps {
  onPick: (emoji: string) => void;
  className: string;
  /** The picker follows the app's resolved theme (the caller reads it from the theme feature). */
  isDark: boolean;
}

/**
 * Opens the emoji picker above the composer; Escape or a click elsewhere closes it. The picker is placed
 * against the composer (the nearest positioned box), right-aligned, so it fits on a phone too.
 */
export function EmojiButton({ onPick, className, isDark }: EmojiButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const t = useT();
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    // Capture phase: the picker's own Escape (clear the highlight, then the search) stops the event, so a
    // listener in the bubble phase would need up to three presses to close it.
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [isOpen]);

  return (
    <div ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t("composer.emoji")}
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        className={className}
      >
        <Smile aria-hidden="true" className="size-5" />
      </button>
      {isOpen ? (
        <div
          data-testid="emoji-picker"
          className="absolute end-2 bottom-full z-40 mb-2 max-w-[calc(100vw-1rem)] shadow-xl"
        >
          <Suspense
            fallback={
              <div className="flex h-[380px] w-[320px] items-center justify-center rounded-xl border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-900">
                <Spinner label={t("composer.emojiLoading")} />
              </div>
            }
          >
            <EmojiPickerPanel isDark={isDark} onPick={onPick} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

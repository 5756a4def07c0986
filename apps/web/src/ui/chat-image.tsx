import { fitImageSize, imageSizeFromUrl } from "@heartline/shared";
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useState } from "react";
import { useLocale, useT } from "../lib/i18n/use-t";
import { useRestoreFocus } from "./use-restore-focus";

/** The picture's largest shown side (Tailwind's `max-h-72`). */
const SHOWN_MAX_PX = 288;

export interface ChatImageProps {
  src: string;
  alt: string;
  className?: string;
}

/**
 * A picture in a chat: a tap opens it full size in a lightbox (issue #14). Radix gives the focus trap,
 * Escape and the scroll lock; focus returns to the picture on close.
 */
export function ChatImage({ src, alt, className = "" }: ChatImageProps) {
  const [isOpen, setIsOpen] = useState(false);
  const t = useT();
  const locale = useLocale();
  const focusHandlers = useRestoreFocus();
  // issue #38: the stored size (in the address) reserves the box, at most 288 px high (`max-h-72`), so
  // the log does not move when the picture arrives. Narrower screens scale it down by its ratio.
  const stored = imageSizeFromUrl(src);
  const box = stored ? fitImageSize(stored, SHOWN_MAX_PX, SHOWN_MAX_PX) : null;
  return (
    <>
      <button
        type="button"
        aria-label={t("image.openFull", { alt: locale === "en" ? alt.toLowerCase() : alt })}
        onClick={() => setIsOpen(true)}
        className="mt-1 block max-w-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
      >
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={box?.width}
          height={box?.height}
          className={`h-auto max-h-72 max-w-full rounded-xl border border-zinc-200 object-contain dark:border-zinc-700 ${className}`}
        />
      </button>
      <RadixDialog.Root open={isOpen} onOpenChange={setIsOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/90" />
          <RadixDialog.Content
            data-testid="image-lightbox"
            aria-describedby={undefined}
            {...focusHandlers}
            className="fixed inset-0 z-50 flex items-center justify-center p-4 focus:outline-none"
            onClick={() => setIsOpen(false)}
          >
            <RadixDialog.Title className="sr-only">{alt}</RadixDialog.Title>
            <img src={src} alt={alt} className="max-h-full max-w-full rounded-lg object-contain" />
            <RadixDialog.Close
              aria-label={t("image.close")}
              className="absolute top-3 end-3 inline-flex size-11 items-center justify-center rounded-full bg-zinc-900/80 text-white hover:bg-zinc-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
            >
              <X aria-hidden="true" className="size-6" />
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  );
}

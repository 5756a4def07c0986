import { X } from "lucide-react";
import { useT } from "../lib/i18n/use-t";

export interface StagedImagePreviewProps {
  fileName: string;
  previewUrl: string | null;
  onCancel: () => void;
}

/** The picked picture above the message box: the box becomes its optional caption (issue #14). */
export function StagedImagePreview({ fileName, previewUrl, onCancel }: StagedImagePreviewProps) {
  const t = useT();
  return (
    <div
      data-testid="staged-image"
      className="mb-2 flex items-center gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-2 dark:border-zinc-700 dark:bg-zinc-800"
    >
      {previewUrl ? (
        <img
          src={previewUrl}
          alt={t("composer.imagePreview", { name: fileName })}
          className="size-16 shrink-0 rounded-lg object-cover"
        />
      ) : null}
      <p className="min-w-0 flex-1 text-xs text-zinc-700 dark:text-zinc-300">
        <span className="block truncate font-semibold">{fileName}</span>
        {t("composer.imageCaptionHint")}
      </p>
      <button
        type="button"
        onClick={onCancel}
        className="inline-flex h-9 shrink-0 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-zinc-700 hover:bg-zinc-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-200 dark:hover:bg-zinc-700"
      >
        <X aria-hidden="true" className="size-4" />
        {t("chat.cancel")}
      </button>
    </div>
  );
}

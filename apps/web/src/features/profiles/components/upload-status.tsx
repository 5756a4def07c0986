import { CircleAlert } from "lucide-react";
import { useT } from "../../../lib/i18n/use-t";
import { Spinner } from "../../../ui/spinner";
import type { ProfileImageUpload } from "../api/use-upload-profile-image";

export interface UploadStatusProps {
  /** Its phase, progress (0…1 while uploading) and last failure's text (kept until an upload succeeds). */
  upload: Pick<ProfileImageUpload, "phase" | "progress" | "error">;
  what: "picture" | "banner";
  /** The error line's id, which the upload button points at. */
  errorId: string;
}

/**
 * What an upload is doing right now, announced politely; when idle, why the last one failed (the
 * toast announced it already, so this line is not a second alert). Nothing otherwise.
 */
export function UploadStatus({ upload, what, errorId }: UploadStatusProps) {
  const t = useT();
  const { phase, progress, error } = upload;
  if (phase === "idle") {
    if (!error) return null;
    return (
      <p
        id={errorId}
        data-testid={`${what}-upload-error`}
        className="flex items-start gap-2 text-sm text-red-700 dark:text-red-400"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{error}</span>
      </p>
    );
  }
  const text =
    phase === "processing"
      ? t(`profiles.upload.preparing.${what}`)
      : t(`profiles.upload.uploading.${what}`, { percent: Math.round(progress * 100) });
  return (
    <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner label={text} size="sm" />
      <span aria-hidden="true">{text}</span>
    </p>
  );
}

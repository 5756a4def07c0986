import { Spinner } from "../../../ui/spinner";
import type { UploadPhase } from "../api/use-upload-profile-image";

export interface UploadStatusProps {
  phase: UploadPhase;
  /** 0…1 while uploading. */
  progress: number;
  what: "picture" | "banner";
}

/** What an upload is doing right now, announced politely. Nothing while idle. */
export function UploadStatus({ phase, progress, what }: UploadStatusProps) {
  if (phase === "idle") return null;
  const text =
    phase === "processing"
      ? `Preparing your ${what}…`
      : `Uploading your ${what}… ${Math.round(progress * 100)}%`;
  return (
    <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
      <Spinner label={text} size="sm" />
      <span aria-hidden="true">{text}</span>
    </p>
  );
}

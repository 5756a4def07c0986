import {
  checkImageUpload,
  IMAGE_HANDLING_MESSAGES,
  IMAGE_PROCESSING_RETRIES,
  IMAGE_PROCESSING_TIMEOUT_MS,
  PROFILE_UPLOAD_MESSAGES,
  shouldReencodeImage,
} from "@heartline/shared";
import { encodeWithCanvas } from "./canvas-encode";
import { ProfileImageError } from "./profile-image-error";
import { runWithTimeoutAndRetries, TaskCanceledError, TaskTimeoutError } from "./with-timeout-and-retries";

/** Turns a picture into the bytes to upload; the app uses the canvas, tests may pass another. */
export type ImageEncoder = (file: Blob, signal: AbortSignal) => Promise<Blob>;

export interface PrepareImageOptions {
  encode?: ImageEncoder;
  signal?: AbortSignal;
}

/** The upload's name once it is a JPEG: `holiday.png` → `holiday.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "") || "image";
  return `${base}.jpg`;
}

/**
 * spec §5 Image upload, on the client: type and size are checked first (the shared rule, exact
 * messages); a GIF is sent as it is; anything else is resized and re-encoded as JPEG, each try
 * limited to 10 s with 2 retries (spec §9). Every failure is a `ProfileImageError` with the §8 text.
 */
export async function prepareImageForUpload(file: File, options: PrepareImageOptions = {}): Promise<File> {
  const check = checkImageUpload(file);
  if (!check.ok) throw new ProfileImageError(check.message);
  if (!shouldReencodeImage(check.mimeType)) return file;

  const encode = options.encode ?? encodeWithCanvas;
  try {
    const blob = await runWithTimeoutAndRetries((signal) => encode(file, signal), {
      timeoutMs: IMAGE_PROCESSING_TIMEOUT_MS,
      retries: IMAGE_PROCESSING_RETRIES,
      signal: options.signal,
    });
    return new File([blob], jpegName(file.name), { type: "image/jpeg" });
  } catch (error) {
    if (error instanceof ProfileImageError) throw error;
    if (error instanceof TaskTimeoutError) throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.timeout);
    if (error instanceof TaskCanceledError) throw new ProfileImageError(PROFILE_UPLOAD_MESSAGES.canceled);
    throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.compressFailed);
  }
}

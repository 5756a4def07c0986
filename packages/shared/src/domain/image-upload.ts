// spec §5 Image upload's rules as plain functions (no zod here: the chat composers check a picture with
// them, and a page that loads a composer need not evaluate zod at load, issue #36).
import { MAX_IMAGE_BYTES } from "../constants";
import { VALIDATION_MESSAGES as M } from "../schemas/messages";

/** spec §5 Image upload: the only accepted types. */
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** What an upload check needs to know about a file (a browser `File` fits this shape). */
export interface UploadCandidate {
  type: string;
  size: number;
}

export type UploadCheckResult = { ok: true; mimeType: ImageMimeType } | { ok: false; message: string };

export function isImageMimeType(value: string): value is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(value);
}

/**
 * spec §5 Image upload: type first, then size (at most 5242880 bytes). Runs in the browser before
 * sending and on the server, which also checks the magic bytes (ARCHITECTURE §2).
 */
export function checkImageUpload(file: UploadCandidate): UploadCheckResult {
  if (!isImageMimeType(file.type)) return { ok: false, message: M.uploadInvalidType };
  if (!Number.isFinite(file.size) || file.size < 0 || file.size > MAX_IMAGE_BYTES) {
    return { ok: false, message: M.uploadTooLarge };
  }
  return { ok: true, mimeType: file.type };
}

/** spec §5 Non-gif images are resized and re-encoded as JPEG; gifs are kept as they are. */
export function shouldReencodeImage(mimeType: ImageMimeType): boolean {
  return mimeType !== "image/gif";
}

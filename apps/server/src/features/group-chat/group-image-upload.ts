import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type GroupImageUpload,
  isImageMimeType,
  JPEG_QUALITY,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE_PX,
  shouldReencodeImage,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../../errors/app-error";

/** Group images live under `DATA_DIR/uploads/group/<userId>/` and are served from `/uploads/group/…`. */
export const GROUP_UPLOADS_SEGMENT = "group";

export interface StoreGroupImageOptions {
  uploadsDir: string;
  userId: string;
  data: Buffer;
}

/**
 * spec §5 Image upload rules for a group image: the real type from the magic bytes (JPG, PNG, GIF, WebP),
 * at most 5 MB; GIFs are kept as they are, other images are resized to at most 1200 px on the longer
 * side and re-encoded as JPEG quality 0.8 without metadata.
 * Integrator: switch to the accounts branch's `processImageUpload` (same rules) on merge.
 */
export async function storeGroupImage({
  uploadsDir,
  userId,
  data,
}: StoreGroupImageOptions): Promise<GroupImageUpload> {
  if (data.length > MAX_IMAGE_BYTES) throw new AppError("bad_request", VALIDATION_MESSAGES.uploadTooLarge);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isImageMimeType(detected.mime)) {
    throw new AppError("bad_request", VALIDATION_MESSAGES.uploadInvalidType);
  }
  const isGif = !shouldReencodeImage(detected.mime);
  // A GIF is kept as it is, but it must be one: a magic number in front of anything else is refused.
  if (isGif) await sharp(data, { animated: true }).stats().catch(invalidType);
  const output = isGif
    ? data
    : await sharp(data)
        .rotate()
        .resize({
          width: MAX_IMAGE_SIDE_PX,
          height: MAX_IMAGE_SIDE_PX,
          fit: "inside",
          withoutEnlargement: true,
        })
        .jpeg({ quality: Math.round(JPEG_QUALITY * 100) })
        .toBuffer()
        .catch(invalidType);
  const fileName = `${randomUUID()}.${isGif ? "gif" : "jpg"}`;
  const directory = path.join(uploadsDir, GROUP_UPLOADS_SEGMENT, userId);
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, fileName), output);
  return { url: `/uploads/${GROUP_UPLOADS_SEGMENT}/${userId}/${fileName}`, type: isGif ? "gif" : "image" };
}

function invalidType(): never {
  throw new AppError("bad_request", VALIDATION_MESSAGES.uploadInvalidType);
}

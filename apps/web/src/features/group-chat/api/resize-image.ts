import { IMAGE_HANDLING_MESSAGES, JPEG_QUALITY, MAX_IMAGE_SIDE_PX } from "@heartline/shared";

/** spec §5: the longer side at most 1200 px, never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number = MAX_IMAGE_SIDE_PX) {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const scale = maxSide / longer;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * spec §5 Image upload: a non-gif picture is resized (longer side ≤ 1200 px) and re-encoded as JPEG
 * quality 0.8 before upload; gifs go as they are. Minimal version for the group chat: the profiles
 * feature's resize (with the §9 timeout and retries) replaces it at integration.
 */
export async function prepareImageForUpload(file: File): Promise<Blob> {
  if (file.type === "image/gif") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(IMAGE_HANDLING_MESSAGES.loadFailed);
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error(IMAGE_HANDLING_MESSAGES.noCanvasContext);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(IMAGE_HANDLING_MESSAGES.compressFailed))),
      "image/jpeg",
      JPEG_QUALITY,
    );
  });
}

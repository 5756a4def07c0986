import {
  type ImageMimeType,
  isImageMimeType,
  MAX_GIF_FRAMES,
  MAX_GIF_TOTAL_PIXELS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE_PX,
  MAX_UPLOAD_PIXELS,
  UPLOAD_SERVER_MESSAGES,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../../errors/app-error";

/** spec §9 JPEG quality 0.8. */
const JPEG_QUALITY = 80;
/**
 * One image's time in libvips before it is refused (sharp's own timeout): a backstop behind the pixel
 * and frame caps, so no upload can hold a thread of the pool for long (issue #33).
 */
export const IMAGE_PIPELINE_TIMEOUT_SECONDS = 20;

export interface ProcessedImage {
  data: Buffer;
  mime: "image/jpeg" | "image/gif";
  /** The file extension to store it under. */
  extension: "jpg" | "gif";
  width: number;
  /** One frame's height. */
  height: number;
  /** 1, or an animated GIF's frame count. */
  frames: number;
}

export interface ProcessImageUploadOptions {
  /** The longer side after resizing; spec §9 1200 px. */
  maxSide?: number;
}

/**
 * The server's image pipeline (spec §5 Image upload, §9; ARCHITECTURE §2), reusable by any feature
 * that accepts pictures (profile, banner, chat images):
 * 1. at most 5 MB; 2. the type from the magic bytes, never from the name or the claimed type
 * (JPEG, PNG, GIF, WebP only); 3. the dimensions from the header, refused above 40 MP before any
 * pixel is decoded; 4. non-GIFs rotated by their EXIF orientation, shrunk to 1200 px on the longer
 * side and re-encoded as JPEG quality 80, which drops EXIF, GPS, XMP and ICC data; GIFs stay GIFs
 * with their animation, shrunk to the same 1200 px and re-encoded, so comment and application
 * extensions (XMP, anything appended) are dropped, after the frame count and the pixels over all
 * frames are checked from the header (a frame bomb is refused before a frame is decoded). Spec §5
 * keeps GIFs as they are; ADR 0016 says why they are resized here (issue #33).
 *
 * CPU and memory heavy: callers run it through the app's image queue (`ImageJobs`), never directly
 * from a request.
 */
export async function processImageUpload(
  input: Buffer,
  options: ProcessImageUploadOptions = {},
): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw new AppError("bad_request", VALIDATION_MESSAGES.uploadTooLarge);
  const mime = await detectImageType(input);
  const { width, height, pages } = await readDimensions(input);

  const maxSide = options.maxSide ?? MAX_IMAGE_SIDE_PX;
  const within = { width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true } as const;
  if (mime === "image/gif") return reencodeGif(input, { width, height, pages, within });
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" })
      .rotate()
      .resize(within)
      // JPEG has no transparency: transparent PNG/WebP areas become white rather than black.
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY })
      .timeout({ seconds: IMAGE_PIPELINE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: "image/jpeg", extension: "jpg", width: info.width, height: info.height, frames: 1 };
  } catch (error) {
    throw pipelineError(error);
  }
}

/**
 * Every frame shrunk to the bound and re-encoded (metadata and extensions dropped), once the header
 * says it is affordable: the frames and the pixels over all of them are capped, since decoding and
 * re-encoding cost per pixel of every frame (a 27 KB GIF of one 6300×6300 frame decodes to 160 MB).
 */
async function reencodeGif(
  input: Buffer,
  options: { width: number; height: number; pages: number; within: sharp.ResizeOptions },
): Promise<ProcessedImage> {
  const { width, height, pages } = options;
  if (pages > MAX_GIF_FRAMES) throw new AppError("bad_request", UPLOAD_SERVER_MESSAGES.tooManyFrames);
  if (width * height * pages > MAX_GIF_TOTAL_PIXELS) {
    throw new AppError("bad_request", UPLOAD_SERVER_MESSAGES.animationTooLarge);
  }
  try {
    const { data, info } = await sharp(input, {
      animated: true,
      limitInputPixels: MAX_GIF_TOTAL_PIXELS,
      failOn: "error",
    })
      .resize(options.within)
      .gif()
      .timeout({ seconds: IMAGE_PIPELINE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      mime: "image/gif",
      extension: "gif",
      width: info.width,
      height: info.pageHeight ?? info.height,
      frames: info.pages ?? 1,
    };
  } catch (error) {
    throw pipelineError(error);
  }
}

/** libvips' own timeout names itself; anything else it refuses is an image it cannot read. */
function pipelineError(error: unknown): AppError {
  const isTimeout = error instanceof Error && /timeout/i.test(error.message);
  return new AppError(
    "bad_request",
    isTimeout ? UPLOAD_SERVER_MESSAGES.imageTooSlow : UPLOAD_SERVER_MESSAGES.unreadable,
  );
}

async function detectImageType(input: Buffer): Promise<ImageMimeType> {
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !isImageMimeType(detected.mime)) {
    throw new AppError("bad_request", VALIDATION_MESSAGES.uploadInvalidType);
  }
  return detected.mime;
}

/** Reads only the header: a decompression bomb is refused before its pixels are ever allocated. */
async function readDimensions(input: Buffer): Promise<{ width: number; height: number; pages: number }> {
  let width: number | undefined;
  let height: number | undefined;
  let pages = 1;
  try {
    // metadata() parses the header only; sharp's own pixel limit would refuse a bomb here with a
    // vaguer error, so it is lifted for this read and our limit is applied just below.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    width = metadata.width;
    // For an animated image this is one frame's height, the size a browser allocates per frame.
    height = metadata.pageHeight ?? metadata.height;
    pages = metadata.pages ?? 1;
  } catch {
    throw new AppError("bad_request", UPLOAD_SERVER_MESSAGES.unreadable);
  }
  if (!width || !height) throw new AppError("bad_request", UPLOAD_SERVER_MESSAGES.unreadable);
  if (width * height > MAX_UPLOAD_PIXELS) {
    throw new AppError("bad_request", UPLOAD_SERVER_MESSAGES.tooManyPixels);
  }
  return { width, height, pages };
}

import { IMAGE_HANDLING_MESSAGES, JPEG_QUALITY, MAX_IMAGE_SIDE_PX } from "@heartline/shared";
import { ProfileImageError } from "./profile-image-error";

export interface Size {
  width: number;
  height: number;
}

/** A rectangle of the decoded picture, in its natural (EXIF-oriented) pixels. */
export interface Region extends Size {
  x: number;
  y: number;
}

export interface EncodeOptions {
  /** The part of the picture to draw; the whole picture when absent. */
  region?: Region;
  /** JPEG quality 0…1; spec §9's 0.8 unless said otherwise. */
  quality?: number;
}

/** spec §5 The longer side becomes at most `maxSide`; smaller images keep their size. */
export function fitWithin({ width, height }: Size, maxSide = MAX_IMAGE_SIDE_PX): Size {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const scale = maxSide / longer;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Drawable = ImageBitmap | HTMLImageElement;

function loadWithImageElement(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ProfileImageError(IMAGE_HANDLING_MESSAGES.loadFailed));
    };
    image.src = url;
  });
}

async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap !== "function") return loadWithImageElement(file);
  try {
    // "from-image" applies the EXIF orientation, so phone photos are not drawn sideways.
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.loadFailed);
  }
}

function sizeOf(source: Drawable): Size {
  return "naturalWidth" in source
    ? { width: source.naturalWidth, height: source.naturalHeight }
    : { width: source.width, height: source.height };
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function paint(context: Context2D | null, source: Drawable, { width, height }: Size, region?: Region): void {
  if (!context) throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.noCanvasContext);
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  if (region) {
    context.drawImage(source, region.x, region.y, region.width, region.height, 0, 0, width, height);
  } else {
    context.drawImage(source, 0, 0, width, height);
  }
}

async function encodeJpeg(source: Drawable, size: Size, options: EncodeOptions): Promise<Blob> {
  const quality = options.quality ?? JPEG_QUALITY;
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(size.width, size.height);
    paint(canvas.getContext("2d"), source, size, options.region);
    try {
      return await canvas.convertToBlob({ type: "image/jpeg", quality });
    } catch {
      throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.compressFailed);
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  paint(canvas.getContext("2d"), source, size, options.region);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  if (!blob) throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.compressFailed);
  return blob;
}

/**
 * spec §5/§9: decodes the picture, scales it so the longer side is at most 1200 px, and re-encodes
 * it as JPEG quality 0.8 (which also drops any metadata on the way). Browser only.
 */
export function encodeWithCanvas(file: Blob): Promise<Blob> {
  return withDecoded(file, (source) => encodeJpeg(source, fitWithin(sizeOf(source)), {}));
}

/**
 * Draws `region` of the picture (natural pixels, EXIF orientation applied) at `size` and encodes it
 * as JPEG: the profile cropper's output. Browser only.
 */
export function encodeRegionWithCanvas(
  file: Blob,
  region: Region,
  size: Size,
  quality?: number,
): Promise<Blob> {
  return withDecoded(file, (source) => encodeJpeg(source, size, { region, quality }));
}

async function withDecoded(file: Blob, draw: (source: Drawable) => Promise<Blob>): Promise<Blob> {
  const source = await decode(file);
  try {
    return await draw(source);
  } finally {
    if ("close" in source) source.close();
  }
}

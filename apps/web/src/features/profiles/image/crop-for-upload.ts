import { IMAGE_HANDLING_MESSAGES } from "@heartline/shared";
import { encodeRegionWithCanvas, type Region, type Size } from "../../../lib/image/canvas-encode";
import { jpegName } from "../../../lib/image/prepare-image";
import { ProfileImageError } from "../../../lib/image/profile-image-error";
import { CROP_FRAMES, planCrop } from "./crop-geometry";
import type { ProfileImageKind } from "./upload-image";

/**
 * The server re-encodes every picture at spec §9's quality 0.8; the crop goes out at 0.92 so that
 * second pass is the only visible loss, while a 1200 × 300 banner stays a few hundred KB.
 */
const CROP_JPEG_QUALITY = 0.92;

/** What the crop dialog hands back: the chosen area and the picture's size, both in natural pixels. */
export interface CropSelection {
  area: Region;
  natural: Size;
}

/**
 * Issue #14: the chosen part of the picture, drawn at the frame's output size (512 px square for the
 * avatar, 4:1 up to 1200 px for the banner) and encoded as JPEG, ready for the existing upload.
 */
export async function cropForUpload(
  file: File,
  selection: CropSelection,
  kind: ProfileImageKind,
): Promise<File> {
  const { region, output } = planCrop(selection.area, selection.natural, CROP_FRAMES[kind]);
  try {
    const blob = await encodeRegionWithCanvas(file, region, output, CROP_JPEG_QUALITY);
    return new File([blob], jpegName(file.name), { type: "image/jpeg" });
  } catch (error) {
    if (error instanceof ProfileImageError) throw error;
    throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.compressFailed);
  }
}

import { MAX_IMAGE_SIDE_PX } from "@heartline/shared";
import type { Region, Size } from "../../../lib/image/canvas-encode";
import type { ProfileImageKind } from "./upload-image";

export interface CropFrame {
  /** Width ÷ height of the crop. */
  aspect: number;
  /** The widest picture the crop becomes; smaller crops keep their size (no upscaling). */
  maxWidth: number;
  /** The avatar is shown round, so its crop is drawn round too (the stored file stays square). */
  isRound: boolean;
}

/**
 * The banner's width ÷ height wherever the owner sees it: the dashboard header is `aspect-[4/1]`,
 * and the profile card's 24-unit-high banner in a 448 px dialog is within 5 % of it.
 */
export const BANNER_ASPECT = 4;

/** Issue #14: the avatar a 512 px square (shown round), the banner 4:1 up to the server's 1200 px side. */
export const CROP_FRAMES: Record<ProfileImageKind, CropFrame> = {
  avatar: { aspect: 1, maxWidth: 512, isRound: true },
  banner: { aspect: BANNER_ASPECT, maxWidth: MAX_IMAGE_SIDE_PX, isRound: false },
};

export interface CropPlan {
  /** The part of the picture to draw, in whole natural pixels, inside the picture. */
  region: Region;
  /** The size of the file that is uploaded. */
  output: Size;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Turns the cropper's chosen area (natural pixels, possibly fractional or a pixel outside after
 * rounding) into a region inside the picture and the output size: the frame's aspect exactly, at
 * most `maxWidth` wide, never wider than the region itself, never below 1 px.
 */
export function planCrop(area: Region, natural: Size, frame: CropFrame): CropPlan {
  const x = clamp(Math.round(area.x), 0, natural.width - 1);
  const y = clamp(Math.round(area.y), 0, natural.height - 1);
  const width = clamp(Math.round(area.width), 1, natural.width - x);
  const height = clamp(Math.round(area.height), 1, natural.height - y);
  const outputWidth = Math.max(1, Math.min(frame.maxWidth, width));
  const outputHeight = Math.max(1, Math.round(outputWidth / frame.aspect));
  return { region: { x, y, width, height }, output: { width: outputWidth, height: outputHeight } };
}

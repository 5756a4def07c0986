import sharp from "sharp";

/** The longer side of a blurred rendition: too few pixels to show anything, enough for a colour wash. */
export const BLURRED_SIDE_PX = 32;

/**
 * What the receiver of a direct-message image AutoMod judged explicit gets until they ask for the
 * original (issue #33): its first frame shrunk to 32 px and blurred, a few hundred bytes of JPEG. The
 * bytes of the original never reach the receiver's browser before they ask.
 */
export async function blurredRendition(image: Uint8Array): Promise<Buffer> {
  return sharp(image)
    .resize({ width: BLURRED_SIDE_PX, height: BLURRED_SIDE_PX, fit: "inside" })
    .flatten({ background: "#ffffff" })
    .blur(2)
    .jpeg({ quality: 60 })
    .toBuffer();
}

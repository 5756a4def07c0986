import { MAX_GIF_FRAMES, UPLOAD_SERVER_MESSAGES, VALIDATION_MESSAGES } from "@heartline/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processImageUpload } from "./process-image-upload";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } });

describe("processImageUpload (spec §5 Image upload, §9)", () => {
  it("turns the picture upright by its EXIF orientation, then drops the tag", async () => {
    // Stored 300×100 and tagged "rotate 90°": a viewer shows it 100×300.
    const input = await solid(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const output = await processImageUpload(input);
    const metadata = await sharp(output.data).metadata();
    expect([output.width, output.height]).toEqual([100, 300]);
    expect([metadata.width, metadata.height]).toEqual([100, 300]);
    expect(metadata.orientation).toBeUndefined();
  });

  it("re-encodes WebP and PNG as JPEG without enlarging small pictures", async () => {
    for (const input of [await solid(50, 40).webp().toBuffer(), await solid(50, 40).png().toBuffer()]) {
      const output = await processImageUpload(input);
      expect(output).toMatchObject({ mime: "image/jpeg", extension: "jpg", width: 50, height: 40 });
      expect((await sharp(output.data).metadata()).format).toBe("jpeg");
    }
  });

  it("shrinks the longer side to the given maximum", async () => {
    const output = await processImageUpload(await solid(900, 3000).png().toBuffer());
    expect([output.width, output.height]).toEqual([360, 1200]);
  });

  it("shrinks an animated GIF to the same bound, every frame kept (issue #33)", async () => {
    const frames = await Promise.all(
      [0, 120, 240].map((g) => solid(1800, 600).tint({ r: 255, g, b: 0 }).png().toBuffer()),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: 100 })
      .toBuffer();
    const output = await processImageUpload(gif);
    expect(output).toMatchObject({ mime: "image/gif", width: 1200, height: 400, frames: 3 });
    const stored = await sharp(output.data, { animated: true }).metadata();
    expect([stored.width, stored.pageHeight, stored.pages]).toEqual([1200, 400, 3]);
  });

  it("refuses a GIF over the frame cap or the pixels over all frames, before decoding it (issue #33)", async () => {
    const distinct = Array.from({ length: MAX_GIF_FRAMES + 1 }, (_, i) =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: { r: i * 4, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
    );
    const tooMany = await sharp(await Promise.all(distinct), { join: { animated: true } })
      .gif({ keepDuplicateFrames: true })
      .toBuffer();
    expect((await sharp(tooMany).metadata()).pages).toBe(MAX_GIF_FRAMES + 1);
    await expect(processImageUpload(tooMany)).rejects.toThrow(UPLOAD_SERVER_MESSAGES.tooManyFrames);
    // One 5000×5000 frame: 25 MP, under the 40 MP of still pictures, over the 20 MP of a GIF.
    const large = await solid(5000, 5000).gif().toBuffer();
    await expect(processImageUpload(large)).rejects.toThrow(UPLOAD_SERVER_MESSAGES.animationTooLarge);
  });

  it("refuses by content, not by claimed type: text, PDF, a truncated JPEG", async () => {
    await expect(processImageUpload(Buffer.from("hello"))).rejects.toThrow(
      VALIDATION_MESSAGES.uploadInvalidType,
    );
    await expect(processImageUpload(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).rejects.toThrow(
      VALIDATION_MESSAGES.uploadInvalidType,
    );
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    await expect(processImageUpload(jpeg.subarray(0, 40))).rejects.toThrow(UPLOAD_SERVER_MESSAGES.unreadable);
  });
});

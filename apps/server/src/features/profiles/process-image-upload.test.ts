import { UPLOAD_SERVER_MESSAGES, VALIDATION_MESSAGES } from "@heartline/shared";
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

import { describe, expect, it } from "vitest";
import {
  checkImageUpload,
  IMAGE_MIME_TYPES,
  imageUploadSchema,
  isImageMimeType,
  shouldReencodeImage,
} from "./upload";

describe("image upload rules (spec §5)", () => {
  it("accepts the four image types up to exactly 5242880 bytes", () => {
    expect(IMAGE_MIME_TYPES).toEqual(["image/jpeg", "image/png", "image/gif", "image/webp"]);
    for (const type of IMAGE_MIME_TYPES) {
      expect(checkImageUpload({ type, size: 5_242_880 })).toEqual({ ok: true, mimeType: type });
    }
  });

  it("refuses one byte over the limit", () => {
    expect(checkImageUpload({ type: "image/jpeg", size: 5_242_881 })).toEqual({
      ok: false,
      message: "File size exceeds 5MB limit",
    });
  });

  it("refuses other types before looking at the size", () => {
    for (const type of ["image/svg+xml", "application/pdf", "", "IMAGE/PNG"]) {
      expect(checkImageUpload({ type, size: 99_999_999 })).toEqual({
        ok: false,
        message: "Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.",
      });
    }
  });

  it("refuses sizes that are not a byte count", () => {
    for (const size of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkImageUpload({ type: "image/png", size })).toMatchObject({ ok: false });
    }
  });

  it("keeps gifs as they are and re-encodes the rest", () => {
    expect(shouldReencodeImage("image/gif")).toBe(false);
    expect(shouldReencodeImage("image/png")).toBe(true);
    expect(isImageMimeType("image/webp")).toBe(true);
    expect(isImageMimeType("image/bmp")).toBe(false);
  });

  it("the schema carries the same messages", () => {
    expect(imageUploadSchema.safeParse({ type: "image/png", size: 1 }).success).toBe(true);
    expect(imageUploadSchema.safeParse({ type: "image/bmp", size: 1 }).error?.issues[0]?.message).toBe(
      "Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.",
    );
    expect(
      imageUploadSchema.safeParse({ type: "image/png", size: 5_242_881 }).error?.issues[0]?.message,
    ).toBe("File size exceeds 5MB limit");
  });
});

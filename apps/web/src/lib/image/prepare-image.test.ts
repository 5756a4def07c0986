import { IMAGE_HANDLING_MESSAGES, MAX_IMAGE_BYTES, VALIDATION_MESSAGES } from "@heartline/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fitWithin } from "./canvas-encode";
import { prepareImageForUpload } from "./prepare-image";
import { ProfileImageError } from "./profile-image-error";

afterEach(() => {
  vi.useRealTimers();
});

function fileOf(type: string, size: number, name = "photo.png"): File {
  return new File([new Uint8Array(size)], name, { type });
}

const jpegEncoder = async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" });

describe("prepareImageForUpload (spec §5 image upload, §8 image handling)", () => {
  it.each(["image/svg+xml", "text/html", "application/pdf", ""])(
    "refuses type %j with the exact text",
    async (type) => {
      const encode = vi.fn(jpegEncoder);
      const failure = prepareImageForUpload(fileOf(type, 100), { encode });
      await expect(failure).rejects.toThrow(new ProfileImageError(VALIDATION_MESSAGES.uploadInvalidType));
      await expect(failure).rejects.toThrow("Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.");
      expect(encode).not.toHaveBeenCalled();
    },
  );

  it("accepts exactly 5242880 bytes and refuses one byte more with 'File size exceeds 5MB limit'", async () => {
    await expect(
      prepareImageForUpload(fileOf("image/png", MAX_IMAGE_BYTES), { encode: jpegEncoder }),
    ).resolves.toBeInstanceOf(File);
    const encode = vi.fn(jpegEncoder);
    await expect(
      prepareImageForUpload(fileOf("image/jpeg", MAX_IMAGE_BYTES + 1), { encode }),
    ).rejects.toThrow("File size exceeds 5MB limit");
    expect(encode).not.toHaveBeenCalled();
  });

  it("sends a GIF as it is", async () => {
    const gif = fileOf("image/gif", 2_000, "dance.gif");
    const encode = vi.fn(jpegEncoder);
    await expect(prepareImageForUpload(gif, { encode })).resolves.toBe(gif);
    expect(encode).not.toHaveBeenCalled();
  });

  it.each(["image/png", "image/webp", "image/jpeg"])("re-encodes %s as a .jpg JPEG file", async (type) => {
    const prepared = await prepareImageForUpload(fileOf(type, 500, "holiday.photo.webp"), {
      encode: jpegEncoder,
    });
    expect(prepared.type).toBe("image/jpeg");
    expect(prepared.name).toBe("holiday.photo.jpg");
    expect(prepared.size).toBe(3);
  });

  it("says 'Image processing timeout.' after three attempts of 10 s each", async () => {
    vi.useFakeTimers();
    const encode = vi.fn((_file: Blob, _signal: AbortSignal) => new Promise<Blob>(() => undefined));
    const failure = expect(prepareImageForUpload(fileOf("image/png", 10), { encode })).rejects.toThrow(
      IMAGE_HANDLING_MESSAGES.timeout,
    );
    await vi.advanceTimersByTimeAsync(30_000);
    await failure;
    expect(encode).toHaveBeenCalledTimes(3);
  });

  it("keeps the encoder's own §8 text ('Failed to load image')", async () => {
    const encode = vi.fn(async () => {
      throw new ProfileImageError(IMAGE_HANDLING_MESSAGES.loadFailed);
    });
    await expect(prepareImageForUpload(fileOf("image/png", 10), { encode })).rejects.toThrow(
      "Failed to load image",
    );
  });

  it("turns an unexpected encoder failure into 'Failed to compress image'", async () => {
    const encode = vi.fn(async () => {
      throw new Error("boom");
    });
    await expect(prepareImageForUpload(fileOf("image/png", 10), { encode })).rejects.toThrow(
      "Failed to compress image",
    );
  });
});

describe("fitWithin (spec §5: longer side at most 1200 px)", () => {
  it.each([
    [
      { width: 4000, height: 3000 },
      { width: 1200, height: 900 },
    ],
    [
      { width: 3000, height: 4000 },
      { width: 900, height: 1200 },
    ],
    [
      { width: 1200, height: 1200 },
      { width: 1200, height: 1200 },
    ],
    [
      { width: 800, height: 600 },
      { width: 800, height: 600 },
    ],
    [
      { width: 20000, height: 10 },
      { width: 1200, height: 1 },
    ],
  ])("%o → %o", (size, expected) => {
    expect(fitWithin(size)).toEqual(expected);
  });
});

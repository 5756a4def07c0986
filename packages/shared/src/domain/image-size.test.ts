import { describe, expect, it } from "vitest";
import { chatImageFileName, fitImageSize, imageSizeFromUrl } from "./image-size";

describe("a chat picture's size in its address (issue #38)", () => {
  it("is written and read back, also for a DM's revealed original", () => {
    const name = chatImageFileName(
      "0b6c1f4e-8a51-4a43-9d7e-2f6a1b0c9d11",
      { width: 640, height: 480 },
      "jpg",
    );
    expect(name).toBe("0b6c1f4e-8a51-4a43-9d7e-2f6a1b0c9d11-640x480.jpg");
    expect(imageSizeFromUrl(`/uploads/users/u1/group/${name}`)).toEqual({ width: 640, height: 480 });
    expect(imageSizeFromUrl(`/uploads/users/u1/dm/${name}?reveal=1`)).toEqual({ width: 640, height: 480 });
  });

  it("is null for older addresses, sizes out of range and overlong input", () => {
    expect(imageSizeFromUrl("/uploads/users/u1/group/0b6c1f4e-8a51-4a43-9d7e-2f6a1b0c9d11.jpg")).toBeNull();
    expect(imageSizeFromUrl("/uploads/a-0x10.jpg")).toBeNull();
    expect(imageSizeFromUrl("/uploads/a-99999x10.jpg")).toBeNull();
    expect(imageSizeFromUrl(`/uploads/${"a".repeat(500)}-10x10.jpg`)).toBeNull();
  });

  it("fits a box, never growing a small picture", () => {
    expect(fitImageSize({ width: 1600, height: 1200 }, 400, 288)).toEqual({ width: 384, height: 288 });
    expect(fitImageSize({ width: 160, height: 140 }, 400, 288)).toEqual({ width: 160, height: 140 });
  });
});

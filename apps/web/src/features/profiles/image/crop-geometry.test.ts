import { describe, expect, it } from "vitest";
import { BANNER_ASPECT, CROP_FRAMES, planCrop } from "./crop-geometry";

const PHOTO = { width: 1600, height: 1200 };

describe("planCrop (issue #14 profile cropper)", () => {
  it("draws a large avatar crop at 512 × 512", () => {
    const plan = planCrop({ x: 200, y: 0, width: 1200, height: 1200 }, PHOTO, CROP_FRAMES.avatar);
    expect(plan).toEqual({
      region: { x: 200, y: 0, width: 1200, height: 1200 },
      output: { width: 512, height: 512 },
    });
  });

  it("keeps a crop smaller than the output at its own size instead of enlarging it", () => {
    const plan = planCrop({ x: 10, y: 20, width: 300, height: 300 }, PHOTO, CROP_FRAMES.avatar);
    expect(plan.output).toEqual({ width: 300, height: 300 });
  });

  it("makes the banner 4:1 and at most the server's 1200 px wide", () => {
    expect(BANNER_ASPECT).toBe(4);
    const wide = planCrop({ x: 0, y: 400, width: 1600, height: 400 }, PHOTO, CROP_FRAMES.banner);
    expect(wide.output).toEqual({ width: 1200, height: 300 });
    const small = planCrop(
      { x: 0, y: 30, width: 160, height: 40 },
      { width: 160, height: 100 },
      CROP_FRAMES.banner,
    );
    expect(small.output).toEqual({ width: 160, height: 40 });
  });

  it("rounds fractional areas to whole pixels and keeps them inside the picture", () => {
    const plan = planCrop({ x: 400.6, y: -0.4, width: 1200.7, height: 1200.7 }, PHOTO, CROP_FRAMES.avatar);
    expect(plan.region).toEqual({ x: 401, y: 0, width: 1199, height: 1200 });
  });

  it("never yields an empty region or output", () => {
    const plan = planCrop({ x: 5000, y: 5000, width: 0, height: 0 }, PHOTO, CROP_FRAMES.banner);
    expect(plan.region).toEqual({ x: 1599, y: 1199, width: 1, height: 1 });
    expect(plan.output).toEqual({ width: 1, height: 1 });
  });
});

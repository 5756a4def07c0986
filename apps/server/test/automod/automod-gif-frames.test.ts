import type { GroupImageUpload } from "@heartline/shared";
import {
  ACCOUNT_PATHS,
  AUTOMOD_BLOCKED_CODE,
  AUTOMOD_FLAG_REASON,
  automodImageMessage,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../src/db/schema";
import { createImageClassifier, explicitScore } from "../../src/features/automod/image-classifier";
import { animatedGifOf, generatedImages } from "../fixtures/generated-images";
import { createRegistered, personHeaders, type TestPerson } from "../fixtures/group-fixtures";
import { multipartFile } from "../fixtures/images";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { openReports } from "./automod-fixtures";

/**
 * Issue #33: the classifier read only a GIF's first frame, so a picture refused as a JPEG passed as
 * the second frame of a GIF, unblurred in a DM. Nothing explicit is committed: with the real model,
 * the generated `shapes` picture scores ~0.00003 and `gradient` ~0.02, so at a threshold of 0.005
 * `gradient` is "the refused image" and `shapes` a harmless one (margins of ×4 and ×150).
 */
const THRESHOLD = 0.005;
const REFUSED = { code: AUTOMOD_BLOCKED_CODE, message: automodImageMessage() };

describe("AutoMod screens every frame of a GIF", () => {
  let harmless: Buffer;
  let refused: Buffer;
  let gif: Buffer;

  beforeAll(async () => {
    const images = await generatedImages();
    harmless = images.shapes as Buffer;
    refused = images.gradient as Buffer;
    gif = await animatedGifOf([harmless, refused]);
  });

  it("judges a GIF by its most explicit frame, the second one here", async () => {
    const classifier = createImageClassifier();
    try {
      const [first, second, both] = [
        await classifier.classify(harmless),
        await classifier.classify(refused),
        await classifier.classify(gif, { frames: 2 }),
      ];
      console.info(
        `explicit scores: harmless ${explicitScore(first.scores)}, refused ${explicitScore(second.scores)}, gif ${explicitScore(both.scores)} (frame ${both.frame} of ${both.frames})`,
      );
      expect(explicitScore(first.scores)).toBeLessThan(THRESHOLD);
      expect(explicitScore(second.scores)).toBeGreaterThanOrEqual(THRESHOLD);
      expect({ frame: both.frame, frames: both.frames }).toEqual({ frame: 1, frames: 2 });
      expect(explicitScore(both.scores)).toBeGreaterThanOrEqual(THRESHOLD);
    } finally {
      await classifier.close();
    }
  }, 120_000);

  describe("on the upload routes, MODERATION_IMAGE_THRESHOLD=0.005", () => {
    let test: TestApp;
    let admin: TestPerson;

    beforeAll(async () => {
      test = await startTestApp({ env: { MODERATION_IMAGE_THRESHOLD: String(THRESHOLD) } });
      admin = await createRegistered(test.app, "Gif_Frames_Admin", { isAdmin: true });
    }, 120_000);
    afterAll(async () => {
      await test.close();
    });

    const upload = (person: TestPerson, url: string, data: Buffer) => {
      const body = multipartFile(data, { filename: "frames.gif", contentType: "image/gif" });
      return test.app.inject({
        method: "POST",
        url,
        headers: { ...personHeaders(person), ...body.headers },
        payload: body.payload,
      });
    };

    it("refuses the GIF as a picture, a banner and in the group room, naming the rule and the later frame's score", async () => {
      const ana = await createRegistered(test.app, "Gif_Frames_Ana");
      expect((await upload(ana, ACCOUNT_PATHS.myAvatar, harmless)).statusCode).toBe(200);
      for (const url of [ACCOUNT_PATHS.myAvatar, ACCOUNT_PATHS.myBanner, "/api/group/images"]) {
        const response = await upload(ana, url, gif);
        expect(response.statusCode, url).toBe(422);
        expect(response.json(), url).toEqual({ error: REFUSED });
      }
      const flags = (await openReports(test.app, admin)).filter(
        (report) =>
          report.targetId === ana.id &&
          report.reason === AUTOMOD_FLAG_REASON &&
          report.snapshot[0]?.type === "image",
      );
      expect(flags).toHaveLength(3);
      for (const flag of flags) {
        const score = Number(/explicit score (\d\.\d{3})/.exec(flag.details ?? "")?.[1]);
        expect(score).toBeGreaterThanOrEqual(THRESHOLD);
      }
    }, 120_000);

    it("stores it blurred, with the later frame's score, as a DM image", async () => {
      const ben = await createRegistered(test.app, "Gif_Frames_Ben");
      const response = await upload(ben, SOCIAL_PATHS.dmImages, gif);
      expect(response.statusCode, response.body).toBe(201);
      const { url, type } = response.json<GroupImageUpload>();
      expect(type).toBe("gif");
      const [row] = await test.app.db
        .select()
        .from(uploads)
        .where(eq(uploads.storagePath, url.replace(/^\/uploads\//, "")));
      expect(row?.moderationDecision).toBe("blurred");
      expect(row?.moderationScore).toBeGreaterThanOrEqual(THRESHOLD);
    }, 120_000);
  });
});

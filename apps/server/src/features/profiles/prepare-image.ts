import type { AutomodGate, ImageSurface, ImageVerdict } from "../automod/index";
import { blurredRendition } from "./blurred-rendition";
import type { ImageJobs } from "./image-jobs";
import { type ProcessedImage, processImageUpload } from "./process-image-upload";

export interface PrepareImageOptions {
  jobs: ImageJobs;
  automod: Pick<AutomodGate, "screenImage">;
  surface: ImageSurface;
  userId: string;
  file: Buffer;
}

export interface PreparedImage {
  image: ProcessedImage;
  verdict: ImageVerdict;
  /** A direct-message image AutoMod blurred: the rendition its receiver sees until they ask (issue #33). */
  blurred: Buffer | null;
}

/**
 * Every uploaded picture's way in (profile, banner, group and DM images): the upload pipeline, then
 * AutoMod's classifier on every frame of what will be stored, as one job of the app's image queue, so
 * neither runs beside more image work than the queue allows. Throws the pipeline's or AutoMod's
 * refusal, or `busy` when the queue is full.
 */
export function prepareImage(options: PrepareImageOptions): Promise<PreparedImage> {
  const { surface, userId } = options;
  return options.jobs.run(async () => {
    const image = await processImageUpload(options.file);
    const verdict = await options.automod.screenImage({
      surface,
      userId,
      image: image.data,
      frames: image.frames,
    });
    const blurred = verdict.decision === "blurred" ? await blurredRendition(image.data) : null;
    return { image, verdict, blurred };
  });
}

import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { WorkQueue } from "../../lib/work-queue";

/** Stored with every decision (the `uploads` row), so a later model change is visible per image. */
export const IMAGE_MODEL_VERSION = "nsfwjs-4.4.0/MobileNetV2";
/** One image's time in the thread before the upload goes on without a verdict (the model is loaded first). */
export const IMAGE_CLASSIFY_BUDGET_MS = 5_000;
/**
 * And for each further frame of an animated GIF (every frame is screened, issue #33): one frame takes
 * 80–150 ms on a loaded two-core machine, so a GIF at `MAX_GIF_FRAMES` still gets its verdict.
 */
export const IMAGE_CLASSIFY_FRAME_BUDGET_MS = 300;
/** Threads of the classifier: on two cores and more all but one, at most two (the model is ~40 MB each). */
export const IMAGE_CLASSIFIER_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/** The classes that count as explicit; `Sexy` (swimwear, underwear) and `Drawing` do not. */
export function explicitScore(scores: Record<string, number>): number {
  return Math.min(1, (scores.Porn ?? 0) + (scores.Hentai ?? 0));
}

/** What one worker task receives (image-classifier.worker.mjs). */
export interface ClassifyTask {
  /** The stored (re-encoded) image: JPEG, or a GIF whose every frame is classified. */
  image: Uint8Array;
}

/** What it answers. */
export interface ClassifyResult {
  /** Per frame (one for a still image): nsfwjs's five classes and their probabilities. */
  frames: Record<string, number>[];
  /** The thread that ran the model (the main thread is 0). */
  threadId: number;
  /** The thread's time for this image: decoding and inference. */
  ms: number;
}

export interface ImageScores {
  /**
   * nsfwjs's five classes (Drawing, Hentai, Neutral, Porn, Sexy) of the image's most explicit frame:
   * a GIF is judged by its worst frame.
   */
  scores: Record<string, number>;
  /** Which frame that is (0 for a still image), and how many were screened. */
  frame: number;
  frames: number;
  threadId: number;
  ms: number;
  modelVersion: string;
}

export interface ClassifyOptions {
  /** The image's frame count when known (an animated GIF's): its time budget grows with it. */
  frames?: number;
}

export interface ImageClassifier {
  /** The scores of one image, computed in a worker thread; rejects after the time budget. */
  classify(image: Uint8Array, options?: ClassifyOptions): Promise<ImageScores>;
  close(): Promise<void>;
}

/**
 * The worker is plain JavaScript, so it runs the same from TypeScript sources (`node --import tsx`,
 * Vitest) and from any build; the thread starts without the parent's loaders (see the worker's note).
 */
const WORKER_FILE = fileURLToPath(new URL("./image-classifier.worker.mjs", import.meta.url));

/**
 * A small pool of worker threads (issue #15: classification never runs on the event loop). The
 * threads start on the first image and each loads the model once; one is kept warm afterwards.
 */
export function createImageClassifier(options: { budgetMs?: number } = {}): ImageClassifier {
  const budgetMs = options.budgetMs ?? IMAGE_CLASSIFY_BUDGET_MS;
  const threads = IMAGE_CLASSIFIER_THREADS;
  let pool: Piscina<ClassifyTask, ClassifyResult> | undefined;
  let warm: Promise<unknown> | undefined;
  // At most one image per thread is handed over, so an image's budget counts its own run, not its wait.
  const slots = new WorkQueue({ concurrency: threads });
  const start = () => {
    pool ??= new Piscina<ClassifyTask, ClassifyResult>({
      filename: WORKER_FILE,
      name: "classify",
      execArgv: [],
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
    return pool;
  };
  return {
    async classify(image, { frames = 1 } = {}) {
      const running = start();
      // The model's first load is not counted against an image's budget.
      warm ??= running.run({ image: BLANK_PIXEL });
      await warm;
      let signal: AbortSignal | undefined;
      try {
        const result = await slots.run(() => {
          // The budget starts when the image is handed to a thread, not while it waits for one.
          signal = AbortSignal.timeout(budgetMs + Math.max(0, frames - 1) * IMAGE_CLASSIFY_FRAME_BUDGET_MS);
          return running.run({ image }, { signal });
        });
        return {
          ...worstFrame(result.frames),
          threadId: result.threadId,
          ms: result.ms,
          modelVersion: IMAGE_MODEL_VERSION,
        };
      } catch (error) {
        // An aborted task takes its thread down: the next image waits for a fresh model, unbudgeted.
        if (signal?.aborted) warm = undefined;
        throw error;
      }
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
      warm = undefined;
    },
  };
}

/** The most explicit of an image's frames (the first of equals). */
function worstFrame(frames: Record<string, number>[]): Pick<ImageScores, "scores" | "frame" | "frames"> {
  let frame = 0;
  frames.forEach((scores, index) => {
    if (explicitScore(scores) > explicitScore(frames[frame] ?? {})) frame = index;
  });
  const scores = frames[frame];
  if (!scores) throw new Error("the classifier answered no frame");
  return { scores, frame, frames: frames.length };
}

/** A 1×1 white GIF: the warm-up image that makes a new thread load the model. */
const BLANK_PIXEL = Uint8Array.from(
  Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"),
);

import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

/** Stored with every decision (the `uploads` row), so a later model change is visible per image. */
export const IMAGE_MODEL_VERSION = "nsfwjs-4.4.0/MobileNetV2";
/** One image's time in the thread before the upload goes on without a verdict (the model is loaded first). */
export const IMAGE_CLASSIFY_BUDGET_MS = 5_000;

/** What one worker task receives (image-classifier.worker.mjs). */
export interface ClassifyTask {
  /** The stored (re-encoded) image: JPEG, or a GIF whose first frame is classified. */
  image: Uint8Array;
}

/** What it answers. */
export interface ClassifyResult {
  /** nsfwjs's five classes (Drawing, Hentai, Neutral, Porn, Sexy) and their probabilities. */
  scores: Record<string, number>;
  /** The thread that ran the model (the main thread is 0). */
  threadId: number;
  /** The thread's time for this image: decoding and inference. */
  ms: number;
}

export interface ImageScores extends ClassifyResult {
  modelVersion: string;
}

export interface ImageClassifier {
  /** The scores of one image, computed in a worker thread; rejects after the time budget. */
  classify(image: Uint8Array): Promise<ImageScores>;
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
 * Two cores and more: all but one, at most two (the model is ~40 MB per thread).
 */
export function createImageClassifier(options: { budgetMs?: number } = {}): ImageClassifier {
  const budgetMs = options.budgetMs ?? IMAGE_CLASSIFY_BUDGET_MS;
  const threads = Math.max(1, Math.min(2, availableParallelism() - 1));
  let pool: Piscina<ClassifyTask, ClassifyResult> | undefined;
  let warm: Promise<unknown> | undefined;
  // At most one image per thread is handed over, so an image's budget counts its own run, not its wait.
  const slots = new Semaphore(threads);
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
    async classify(image) {
      const running = start();
      // The model's first load is not counted against an image's budget.
      warm ??= running.run({ image: BLANK_PIXEL });
      await warm;
      let signal: AbortSignal | undefined;
      try {
        const result = await slots.use(() => {
          // The budget starts when the image is handed to a thread, not while it waits for one.
          signal = AbortSignal.timeout(budgetMs);
          return running.run({ image }, { signal });
        });
        return { ...result, modelVersion: IMAGE_MODEL_VERSION };
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

/** A counting semaphore: `use` waits for a free slot, runs, and frees it. */
class Semaphore {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}

  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** A 1×1 white GIF: the warm-up image that makes a new thread load the model. */
const BLANK_PIXEL = Uint8Array.from(
  Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"),
);

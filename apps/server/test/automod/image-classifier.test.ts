import { monitorEventLoopDelay } from "node:perf_hooks";
import { threadId } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { explicitScore } from "../../src/features/automod/image-classifier";
import { createImageClassifier, IMAGE_MODEL_VERSION } from "../../src/features/automod/index";
import { generatedImages } from "../fixtures/generated-images";

const CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"];
const DEFAULT_THRESHOLD = 0.8;

describe("AutoMod's nudity classifier (issue #15): nsfwjs in worker threads, on images made here", () => {
  const classifier = createImageClassifier();
  afterAll(() => classifier.close());

  it("scores gradients, text, drawings and shapes with the real model, and they all pass", async () => {
    const images = await generatedImages();
    for (const [name, image] of Object.entries(images)) {
      const result = await classifier.classify(image);
      expect(Object.keys(result.scores).sort(), name).toEqual(CLASSES);
      const total = Object.values(result.scores).reduce((sum, value) => sum + value, 0);
      expect(total, name).toBeCloseTo(1, 3);
      expect(result.modelVersion).toBe(IMAGE_MODEL_VERSION);
      const score = explicitScore(result.scores);
      console.info(`${name}: explicit score ${score.toFixed(4)}`, result.scores);
      expect(score, name).toBeGreaterThanOrEqual(0);
      expect(score, name).toBeLessThan(DEFAULT_THRESHOLD);
    }
  }, 120_000);

  it("runs the model in another thread, and the event loop stays responsive (lag under 50 ms) over 20 images", async () => {
    const images = Object.values(await generatedImages());
    const lag = monitorEventLoopDelay({ resolution: 5 });
    const startedAt = performance.now();
    lag.enable();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => classifier.classify(images[index % images.length] as Buffer)),
    );
    lag.disable();
    // The same-run control: the loop's delay over as long again with nothing to do, so the other test
    // files sharing these two cores raise both figures alike and only the classifier's own share is judged.
    const control = monitorEventLoopDelay({ resolution: 5 });
    control.enable();
    await new Promise((resolve) => setTimeout(resolve, performance.now() - startedAt));
    control.disable();
    const threads = new Set(results.map((result) => result.threadId));
    expect(threads.has(threadId)).toBe(false);
    expect([...threads].every((id) => id > 0)).toBe(true);
    const p99 = lag.percentile(99) / 1e6;
    const controlP99 = control.percentile(99) / 1e6;
    console.info(
      `event-loop delay p99 over 20 images ${p99.toFixed(1)} ms (max ${(lag.max / 1e6).toFixed(1)} ms); idle control p99 ${controlP99.toFixed(1)} ms`,
    );
    // A functional requirement of issue #15 (the one timing check, against its same-run control): the
    // model never blocks the event loop; one image on this thread would hold it ~80 ms each time.
    expect(p99 - controlP99).toBeLessThan(50);
  }, 120_000);

  it("rejects a file that is no image, and an image over its time budget (the upload path then stores `unchecked`)", async () => {
    await expect(classifier.classify(Buffer.from("not an image"))).rejects.toThrow();
    const hurried = createImageClassifier({ budgetMs: 1 });
    try {
      const [image] = Object.values(await generatedImages());
      await expect(hurried.classify(image as Buffer)).rejects.toThrow(/aborted/i);
    } finally {
      await hurried.close();
    }
  }, 60_000);
});

// B7 (issue #15): AutoMod's nudity check on the upload path. Images are generated here (gradients and
// shapes at a phone photo's size, each a different colour), put through the server's own upload
// pipeline (`processImageUpload`: sniffed, resized to 1200 px, re-encoded), then classified by the
// server's own classifier (`createImageClassifier`: nsfwjs MobileNet v2 on tfjs WASM in a worker
// thread). Reported: the model's cold start, classification p50/p99 per image (seen from the upload
// path: hand-over, decode, inference, answer), the thread's own time, and the upload path's added
// latency (pipeline alone against pipeline + classifier, alternated image by image).

import { loadavg } from "node:os";
import sharp from "sharp";
import { register } from "tsx/esm/api";
import { formatNumber as n } from "./lib/stats.mjs";

const IMAGES = 200;
const WARM_UP = 5;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A 1600×1200 picture, different for each index: a two-colour gradient with a circle and a bar. */
async function picture(index) {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${400 + (index % 7) * 100}" cy="500" r="${120 + (index % 5) * 30}" fill="hsl(${(hue + 200) % 360},80%,50%)"/>
    <rect x="200" y="${800 + (index % 3) * 60}" width="1200" height="80" fill="#fff" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function run({ log }) {
  register();
  const [{ createImageClassifier, IMAGE_CLASSIFY_BUDGET_MS, IMAGE_MODEL_VERSION }, { processImageUpload }] =
    await Promise.all([
      import("../apps/server/src/features/automod/index.ts"),
      import("../apps/server/src/features/profiles/index.ts"),
    ]);
  const classifier = createImageClassifier();
  try {
    const inputs = [];
    for (let index = 0; index < IMAGES; index++) inputs.push(await picture(index));
    log(`B7: ${IMAGES} pictures generated; loading the model in its thread`);
    const coldStarted = performance.now();
    await classifier.classify((await processImageUpload(inputs[0])).data);
    const coldMs = performance.now() - coldStarted;
    for (let index = 1; index <= WARM_UP; index++) {
      await classifier.classify((await processImageUpload(inputs[index])).data);
    }
    const classify = [];
    const thread = [];
    const pipelineOnly = [];
    const withClassifier = [];
    for (let index = 0; index < IMAGES; index++) {
      const input = inputs[index];
      // Alternated so that a stall of the shared machine lands on both sides alike.
      let started = performance.now();
      await processImageUpload(input);
      pipelineOnly.push(performance.now() - started);
      started = performance.now();
      const image = await processImageUpload(input);
      const classifyStarted = performance.now();
      const result = await classifier.classify(image.data);
      const now = performance.now();
      classify.push(now - classifyStarted);
      withClassifier.push(now - started);
      thread.push(result.ms);
    }
    return {
      images: IMAGES,
      coldMs,
      classify,
      thread,
      pipelineOnly,
      withClassifier,
      budgetMs: IMAGE_CLASSIFY_BUDGET_MS,
      model: IMAGE_MODEL_VERSION,
      loadAverage: loadavg()[0],
    };
  } finally {
    await classifier.close();
  }
}

function render(output) {
  const row = (label, values) =>
    `| ${label} | ${values.length} | ${n(percentile(values, 50), 1)} ms | ${n(percentile(values, 99), 1)} ms | ${n(Math.max(...values), 1)} ms |`;
  const added = (p) => percentile(output.withClassifier, p) - percentile(output.pipelineOnly, p);
  const p99 = percentile(output.classify, 99);
  const verdict = p99 <= output.budgetMs ? "**pass**" : "**miss**";
  return {
    measured: `classification p50 ${n(percentile(output.classify, 50), 0)} ms, p99 ${n(p99, 0)} ms per image; upload path +${n(added(50), 0)} ms (p50) → ${verdict}`,
    details: [
      `Model ${output.model} on TensorFlow.js's WASM backend, one worker thread (2 cores: all but one,`,
      `at most two), ${output.images} generated 1600×1200 JPEGs re-encoded by the upload pipeline first. Cold`,
      `start (thread + model load + first image): ${n(output.coldMs, 0)} ms. Load average at the end: ${n(output.loadAverage, 2)}
(2 cores shared with other sessions running tests: the figures include their contention).`,
      "",
      "| step | n | p50 | p99 | max |",
      "|---|---|---|---|---|",
      row("classification, seen from the upload path", output.classify),
      row("classification, the thread's own time (decode + inference)", output.thread),
      row("upload pipeline alone (sniff, resize, re-encode)", output.pipelineOnly),
      row("upload pipeline + classification", output.withClassifier),
      "",
      `Added latency of the upload path: +${n(added(50), 1)} ms at p50, +${n(added(99), 1)} ms at p99.`,
      "",
      `Bar (issue #15): classification within the upload's time budget, p99 ≤ ${n(output.budgetMs, 0)} ms`,
      `(\`IMAGE_CLASSIFY_BUDGET_MS\`) → ${verdict}. The event loop is not blocked meanwhile: the`,
      "server test `image-classifier.test.ts` holds its lag under 50 ms over 20 images.",
      "",
    ].join("\n"),
  };
}

export const scenario = { id: "B7", title: "Image moderation on the upload path", run, render };

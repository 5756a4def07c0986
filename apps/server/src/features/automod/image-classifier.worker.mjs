import { createRequire } from "node:module";
import path from "node:path";
import { threadId } from "node:worker_threads";
import * as tf from "@tensorflow/tfjs";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { load } from "nsfwjs";
import sharp from "sharp";

/**
 * The nudity classifier's worker thread (issue #15): nsfwjs's MobileNet v2, whose weights ship inside
 * the npm package, on TensorFlow.js's WASM backend, whose .wasm files ship in theirs — nothing is
 * downloaded and nothing leaves the machine. The model is loaded once per thread and reused.
 *
 * Plain JavaScript on purpose: the thread starts without tsx's loader, which would otherwise transform
 * the model's 40 MB of bundled weights (seen: 7 s and 900 MB per thread instead of 1.4 s and 200 MB).
 * Its types are in image-classifier.ts (`ClassifyTask`, `ClassifyResult`).
 */

/** What nsfwjs's MobileNet v2 expects: 224×224 RGB. */
const INPUT_SIDE = 224;

/** @type {Promise<import("nsfwjs").NSFWJS> | undefined} */
let model;

async function loadModel() {
  const require = createRequire(import.meta.url);
  const wasmFile = require.resolve("@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm");
  setWasmPaths(`${path.dirname(wasmFile)}${path.sep}`);
  await tf.setBackend("wasm");
  await tf.ready();
  // nsfwjs announces its bundled model on console.info; a server log has no use for it.
  const info = console.info;
  console.info = () => undefined;
  try {
    return await load("MobileNetV2");
  } finally {
    console.info = info;
  }
}

/**
 * One image's scores, frame by frame: decoded with sharp (every frame of an animated GIF, issue #33:
 * an explicit frame after a harmless first one is screened too) to 224×224 RGB, then classified.
 * The upload pipeline caps a GIF's frames (`MAX_GIF_FRAMES`), so every frame is always screened.
 * @param {{ image: Uint8Array }} task
 * @returns {Promise<{ frames: Record<string, number>[], threadId: number, ms: number }>}
 */
export async function classify(task) {
  model ??= loadModel();
  const nsfw = await model;
  const started = performance.now();
  // `animated` decodes every frame; the resize applies to each, stacked one under the other.
  const { data, info } = await sharp(task.image, { animated: true })
    .resize(INPUT_SIDE, INPUT_SIDE, { fit: "fill" })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frameBytes = INPUT_SIDE * INPUT_SIDE * 3;
  const frames = [];
  for (let page = 0; page < (info.pages ?? 1); page++) {
    const pixels = new Uint8Array(data.buffer, data.byteOffset + page * frameBytes, frameBytes);
    frames.push(await classifyFrame(nsfw, pixels));
  }
  return { frames, threadId, ms: performance.now() - started };
}

/**
 * @param {import("nsfwjs").NSFWJS} nsfw
 * @param {Uint8Array} pixels
 */
async function classifyFrame(nsfw, pixels) {
  const tensor = tf.tensor3d(pixels, [INPUT_SIDE, INPUT_SIDE, 3], "int32");
  try {
    const predictions = await nsfw.classify(tensor, 5);
    return Object.fromEntries(predictions.map((entry) => [entry.className, entry.probability]));
  } finally {
    tensor.dispose();
  }
}

/** AutoMod's public entry (issue #15): the composition root and the talking features import only this. */
export { type Automod, type AutomodGate, type CreateAutomodOptions, createAutomod } from "./automod";
export {
  createImageClassifier,
  IMAGE_CLASSIFIER_THREADS,
  IMAGE_CLASSIFY_BUDGET_MS,
  IMAGE_MODEL_VERSION,
  type ImageClassifier,
} from "./image-classifier";
export {
  type ImageSurface,
  type ImageVerdict,
  moderationColumns,
  type ScreenImageInput,
} from "./image-screen";
export type { ScreenMessageInput } from "./screen-message";

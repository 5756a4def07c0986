/** The profiles feature's public entry: other features and the composition root import only this. */

export { BLURRED_SIDE_PX, blurredRendition } from "./blurred-rendition";
export { createImageJobs, type ImageJobs, type ImageJobsOptions } from "./image-jobs";
export { type PreparedImage, prepareImage } from "./prepare-image";
export { processImageUpload } from "./process-image-upload";
export { createProfiles } from "./profiles";
export type { ProfilesDeps } from "./profiles.routes";
export { IMAGE_UPLOAD_LIMITS, readUploadFile } from "./read-upload-file";

import { z } from "zod";
import { MAX_IMAGE_BYTES } from "../constants";
import { IMAGE_MIME_TYPES } from "../domain/image-upload";
import { VALIDATION_MESSAGES as M } from "./messages";

export {
  checkImageUpload,
  IMAGE_MIME_TYPES,
  type ImageMimeType,
  isImageMimeType,
  shouldReencodeImage,
  type UploadCandidate,
  type UploadCheckResult,
} from "../domain/image-upload";

/** The same rules as a schema, for request metadata. */
export const imageUploadSchema = z.object({
  type: z.enum(IMAGE_MIME_TYPES, { error: M.uploadInvalidType }),
  size: z.number().int().nonnegative().max(MAX_IMAGE_BYTES, M.uploadTooLarge),
});
export type ImageUploadInput = z.infer<typeof imageUploadSchema>;

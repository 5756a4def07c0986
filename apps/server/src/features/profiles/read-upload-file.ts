import type {} from "@fastify/multipart";
import { MAX_IMAGE_BYTES, UPLOAD_SERVER_MESSAGES, VALIDATION_MESSAGES } from "@heartline/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors/app-error";

/** The multipart field that carries the picture (ACCOUNT_PATHS.myAvatar / myBanner). */
export const UPLOAD_FIELD = "file";

/** @fastify/multipart limits for an image upload: one file of at most 5 MB (spec §5), nothing else. */
export const IMAGE_UPLOAD_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 0,
  parts: 2,
  headerPairs: 20,
} as const;

/**
 * Reads the single `file` part of a multipart request into memory (at most 5 MB, so memory stays
 * bounded). Too large → spec §5 'File size exceeds 5MB limit'; anything else malformed → a clear 400.
 */
export async function readUploadFile(request: FastifyRequest): Promise<Buffer> {
  const missing = new AppError("bad_request", UPLOAD_SERVER_MESSAGES.missingFile);
  if (!request.isMultipart()) throw missing;
  try {
    const part = await request.file({ limits: IMAGE_UPLOAD_LIMITS });
    if (!part || part.fieldname !== UPLOAD_FIELD) {
      part?.file.resume();
      throw missing;
    }
    const data = await part.toBuffer();
    // Over a real socket toBuffer() can hand back the first 5 MB without throwing; busboy still
    // marks the stream as truncated.
    if (part.file.truncated) throw tooLarge();
    if (data.length === 0) throw missing;
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (hasCode(error, "FST_REQ_FILE_TOO_LARGE")) throw tooLarge();
    // Parts or files over the limit, a cut-off body, a broken boundary: the client sent something else.
    throw missing;
  }
}

/** spec §5 'File size exceeds 5MB limit' (413: the body is over the limit). */
function tooLarge(): AppError {
  return new AppError("bad_request", VALIDATION_MESSAGES.uploadTooLarge, 413);
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}

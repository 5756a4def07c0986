import {
  type GroupImageUpload,
  MODERATION_PATHS,
  PROFILE_UPLOAD_MESSAGES,
  UPLOAD_TIMEOUT_MS,
} from "@heartline/shared";
import { ApiError, apiRequest, TIMEOUT_ERROR_CODE } from "../../../lib/http-client";

/** Uploads one prepared image for the group chat; registered users only (the server checks). */
export async function uploadGroupImage(image: Blob, fileName: string): Promise<GroupImageUpload> {
  const body = new FormData();
  body.append("file", image, fileName);
  try {
    return await apiRequest<GroupImageUpload>(MODERATION_PATHS.groupImages, {
      method: "POST",
      body,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  } catch (error) {
    // No answer at all: say why in the upload's own words; a server answer keeps its message.
    if (error instanceof ApiError && error.status === 0) {
      throw new Error(
        error.code === TIMEOUT_ERROR_CODE
          ? PROFILE_UPLOAD_MESSAGES.timedOut
          : PROFILE_UPLOAD_MESSAGES.unknown,
      );
    }
    throw error;
  }
}

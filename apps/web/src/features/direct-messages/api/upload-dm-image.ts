import { PROFILE_UPLOAD_MESSAGES, SOCIAL_PATHS, UPLOAD_TIMEOUT_MS } from "@heartline/shared";
import { ApiError, apiRequest, TIMEOUT_ERROR_CODE } from "../../../lib/http-client";

export interface DmImageUpload {
  url: string;
  type?: "image" | "gif";
}

/** Uploads one prepared image for a direct message (the sender's own upload; the server checks). */
export async function uploadDmImage(image: Blob, fileName: string): Promise<DmImageUpload> {
  const body = new FormData();
  body.append("file", image, fileName);
  try {
    return await apiRequest<DmImageUpload>(SOCIAL_PATHS.dmImages, {
      method: "POST",
      body,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  } catch (error) {
    // Like the group's upload: no answer at all says why in the upload's words; a server answer keeps its own.
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

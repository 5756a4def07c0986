import { type GroupImageUpload, PROFILE_UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS } from "@heartline/shared";
import { ApiError, apiRequest, TIMEOUT_ERROR_CODE } from "./http-client";

/**
 * Uploads one prepared image for a chat message (the group's `/api/group/images`, a direct message's
 * `/api/dm/images`): the server checks who may upload and answers `{ url, type }`.
 */
export async function uploadChatImage(
  path: string,
  image: Blob,
  fileName: string,
): Promise<GroupImageUpload> {
  const body = new FormData();
  body.append("file", image, fileName);
  try {
    return await apiRequest<GroupImageUpload>(path, { method: "POST", body, timeoutMs: UPLOAD_TIMEOUT_MS });
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

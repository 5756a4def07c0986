import {
  type GroupImageUpload,
  MODERATION_PATHS,
  PROFILE_UPLOAD_MESSAGES,
  UPLOAD_TIMEOUT_MS,
} from "@heartline/shared";
import { readApiError } from "../../moderation/api/api-request";

/** Uploads one prepared image for the group chat; registered users only (the server checks). */
export async function uploadGroupImage(image: Blob, fileName: string): Promise<GroupImageUpload> {
  const body = new FormData();
  body.append("file", image, fileName);
  let response: Response;
  try {
    response = await fetch(MODERATION_PATHS.groupImages, {
      method: "POST",
      credentials: "include",
      body,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(
      error instanceof DOMException && error.name === "TimeoutError"
        ? PROFILE_UPLOAD_MESSAGES.timedOut
        : PROFILE_UPLOAD_MESSAGES.unknown,
    );
  }
  if (!response.ok) throw new Error(await readApiError(response));
  return (await response.json()) as GroupImageUpload;
}

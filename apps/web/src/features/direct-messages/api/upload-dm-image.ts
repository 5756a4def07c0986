import { type GroupImageUpload, SOCIAL_PATHS } from "@heartline/shared";
import { uploadChatImage } from "../../../lib/upload-chat-image";

/** Uploads one prepared image for a direct message (the sender's own upload; the server checks). */
export function uploadDmImage(image: Blob, fileName: string): Promise<GroupImageUpload> {
  return uploadChatImage(SOCIAL_PATHS.dmImages, image, fileName);
}
